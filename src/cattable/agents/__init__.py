"""Agents: random, greedy heuristics, and (later) search; each sees only a seat's view."""

from .base import Agent, GreedyAgent, InfoSet, RandomAgent
from .named import AgentMaker
from .registry import AGENT_KINDS, make_agent

__all__ = ["AGENT_KINDS", "Agent", "AgentMaker", "GreedyAgent", "InfoSet", "RandomAgent", "make_agent"]
