// The pieces as three.js objects, built from their facts in the physics world's own frames (z up, cm):
// a floor tile with its number, a wall as two panels folded about the crease at its foot (each wall type its
// own colour and pattern, told apart at a glance), and the wooden cats, the Black Cats with their scarves.

import * as THREE from "three";
import { CAT_COLOURS, SCARF_COLOURS, SIZE, type PieceFacts } from "./tower-types";

export const WALL_LOOK: Record<string, { colour: string; ink: string; name: string }> = {
  bricks: { colour: "#b8543f", ink: "#7a2f22", name: "bricks" },
  windows: { colour: "#74a0cc", ink: "#1f3f66", name: "windows" },
  arches: { colour: "#9a8cc0", ink: "#45386e", name: "arches" },
  angels: { colour: "#f2e6b3", ink: "#b08a1e", name: "angels" },
  pillars: { colour: "#b3b3ad", ink: "#55554f", name: "pillars" },
};

const textures = new Map<string, THREE.Texture>();

function canvasTexture(key: string, w: number, h: number, draw: (g: CanvasRenderingContext2D) => void): THREE.Texture {
  const known = textures.get(key);
  if (known) return known;
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext("2d");
  if (g) draw(g);
  const tex = new THREE.CanvasTexture(canvas);
  tex.colorSpace = THREE.SRGBColorSpace;
  tex.anisotropy = 4;
  textures.set(key, tex);
  return tex;
}

/** Each wall type's pattern: bricks in courses, window panes, arches, an angel's wings, fluted pillars. */
function wallTexture(type: string): THREE.Texture {
  const look = WALL_LOOK[type] ?? WALL_LOOK.bricks!;
  return canvasTexture(`wall-${type}`, 128, 192, (g) => {
    g.fillStyle = look.colour;
    g.fillRect(0, 0, 128, 192);
    g.strokeStyle = look.ink;
    g.fillStyle = look.ink;
    g.lineWidth = 4;
    if (type === "bricks") {
      for (let row = 0; row < 12; row++) {
        const y = row * 16;
        g.beginPath();
        g.moveTo(0, y);
        g.lineTo(128, y);
        g.stroke();
        for (let x = row % 2 ? 0 : 21; x < 128; x += 42) {
          g.beginPath();
          g.moveTo(x, y);
          g.lineTo(x, y + 16);
          g.stroke();
        }
      }
    } else if (type === "windows") {
      for (const [x, y] of [[18, 24], [74, 24], [18, 104], [74, 104]] as const) {
        g.fillStyle = "#e8f2ff";
        g.fillRect(x, y, 36, 56);
        g.strokeRect(x, y, 36, 56);
        g.beginPath();
        g.moveTo(x + 18, y);
        g.lineTo(x + 18, y + 56);
        g.moveTo(x, y + 28);
        g.lineTo(x + 36, y + 28);
        g.stroke();
      }
    } else if (type === "arches") {
      g.lineWidth = 6;
      for (const x of [32, 96]) {
        g.beginPath();
        g.moveTo(x - 22, 192);
        g.lineTo(x - 22, 80);
        g.arc(x, 80, 22, Math.PI, 0);
        g.lineTo(x + 22, 192);
        g.stroke();
      }
    } else if (type === "angels") {
      for (const y of [50, 140]) {
        g.beginPath();
        g.arc(64, y - 22, 8, 0, Math.PI * 2);
        g.fill();
        g.beginPath();
        g.moveTo(64, y - 10);
        g.quadraticCurveTo(20, y - 40, 14, y + 4);
        g.quadraticCurveTo(40, y, 64, y + 18);
        g.quadraticCurveTo(88, y, 114, y + 4);
        g.quadraticCurveTo(108, y - 40, 64, y - 10);
        g.fill();
      }
    } else {
      for (let x = 10; x < 128; x += 24) g.fillRect(x, 0, 8, 192);
      g.fillRect(0, 0, 128, 14);
      g.fillRect(0, 178, 128, 14);
    }
  });
}

function floorTexture(id: string): THREE.Texture {
  return canvasTexture(`floor-${id}`, 256, 256, (g) => {
    g.fillStyle = "#d1ad78";
    g.fillRect(0, 0, 256, 256);
    g.strokeStyle = "#8a6a3a";
    g.lineWidth = 8;
    g.strokeRect(6, 6, 244, 244);
    g.fillStyle = "#5a4020";
    g.font = "bold 120px sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(id.slice(1), 128, 136);
  });
}

/** The width a label needs, in texture pixels (the canvas is 64 high; long names get a wider one). */
function labelWidth(text: string): number {
  const g = document.createElement("canvas").getContext("2d");
  if (!g) return 256;
  g.font = "bold 36px sans-serif";
  return Math.max(256, Math.ceil(g.measureText(text).width / 32) * 32 + 32);
}

function labelTexture(text: string, width: number): THREE.Texture {
  return canvasTexture(`label-${text}`, width, 64, (g) => {
    g.fillStyle = "rgba(255,255,255,0.85)";
    g.fillRect(0, 8, width, 48);
    g.fillStyle = "#111";
    g.font = "bold 36px sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, width / 2, 34);
  });
}

/** A name floating over a piece (Toto or Neko, the piece in hand): drawn over everything, or (`depthTest`)
 * hidden by what stands in front of it, as the piece it names is; `scale` its height in cm. */
export function label(text: string, height: number, how: { depthTest?: boolean; scale?: number } = {}): THREE.Sprite {
  const width = labelWidth(text);
  const depthTest = how.depthTest ?? false;
  const scale = how.scale ?? 1;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: labelTexture(text, width), depthTest, depthWrite: false }));
  sprite.scale.set((4 * width * scale) / 256, scale, 1);
  sprite.position.set(0, 0, height);
  sprite.renderOrder = depthTest ? 1 : 10;
  sprite.name = "label";
  return sprite;
}

function material(colour: string | THREE.Texture, ghost: boolean): THREE.MeshStandardMaterial {
  const m =
    typeof colour === "string"
      ? new THREE.MeshStandardMaterial({ color: colour, roughness: 0.8 })
      : new THREE.MeshStandardMaterial({ map: colour, roughness: 0.85 });
  if (ghost) {
    m.transparent = true;
    m.opacity = 0.45;
    m.depthWrite = false;
  }
  return m;
}

/** Lay out a wall's two panels for a fold (degrees), as physics/model.py's wall_panels does. */
export function foldWall(group: THREE.Group, fold: number): void {
  const half = (Math.max(1, Math.min(180, fold)) * Math.PI) / 360;
  const panels = group.children.filter((c) => c.name === "panel");
  panels.forEach((panel, i) => {
    const yaw = i === 0 ? half : -half;
    const height = (panel as THREE.Mesh).userData.height as number;
    panel.position.set((Math.cos(yaw) * SIZE.panel) / 2, (Math.sin(yaw) * SIZE.panel) / 2, height / 2);
    panel.rotation.set(0, 0, yaw);
  });
  group.userData.fold = fold;
}

function box(w: number, d: number, h: number, mat: THREE.Material | THREE.Material[]): THREE.Mesh {
  const mesh = new THREE.Mesh(new THREE.BoxGeometry(w, d, h), mat);
  mesh.castShadow = true;
  mesh.receiveShadow = true;
  return mesh;
}

function wall(type: string, fold: number, ghost: boolean): THREE.Group {
  const group = new THREE.Group();
  const height = SIZE.wallHeight[type] ?? 4;
  const face = material(wallTexture(type), ghost);
  const edge = material(WALL_LOOK[type]?.ink ?? "#444", ghost);
  for (let i = 0; i < 2; i++) {
    const panel = box(SIZE.panel, SIZE.wallThickness, height, [edge, edge, face, face, edge, edge]);
    panel.name = "panel";
    panel.userData.height = height;
    group.add(panel);
  }
  foldWall(group, fold);
  return group;
}

function floor(id: string, ghost: boolean): THREE.Group {
  const group = new THREE.Group();
  const [w, d, t] = SIZE.floor;
  const side = material("#b89260", ghost);
  const top = material(floorTexture(id), ghost);
  const tile = box(w, d, t, [side, side, side, side, top, side]);
  tile.name = "tile";
  group.add(tile);
  return group;
}

/** A wooden cat standing on its base: the body box of the physics world, with ears and eyes to face it. */
function cat(size: readonly [number, number, number], colour: string, ghost: boolean, scarf: string | null): THREE.Group {
  const group = new THREE.Group();
  const [w, d, h] = size;
  const body = box(w, d, h * 0.7, material(colour, ghost));
  body.position.z = -h * 0.15;
  const head = box(w * 0.8, d * 0.9, h * 0.3, material(colour, ghost));
  head.position.z = h * 0.35;
  group.add(body, head);
  for (const s of [-1, 1]) {
    const ear = new THREE.Mesh(new THREE.ConeGeometry(w * 0.14, h * 0.16, 4), material(colour, ghost));
    ear.rotation.x = Math.PI / 2;
    ear.position.set(0, (s * d) / 3, h / 2 + h * 0.06);
    group.add(ear);
    const eye = box(0.02, d * 0.14, h * 0.06, material(colour === "#151515" ? "#f4e04d" : "#222", ghost));
    eye.position.set((w * 0.8) / 2 + 0.01, (s * d) / 5, h * 0.38);
    group.add(eye);
  }
  if (scarf) {
    const band = box(w * 1.04, d * 1.06, h * 0.1, material(scarf, ghost));
    band.position.z = h * 0.17;
    group.add(band);
  }
  return group;
}

/** The object for a piece: its origin where the world puts the piece's (a wall's crease foot, else its centre). */
export function pieceObject(id: string, facts: PieceFacts, ghost = false): THREE.Group {
  let obj: THREE.Group;
  if (facts.kind === "floor") obj = floor(id, ghost);
  else if (facts.kind === "wall") obj = wall(facts.type ?? "bricks", facts.fold ?? 90, ghost);
  else if (facts.kind === "toto") obj = cat(SIZE.toto, "#151515", ghost, null);
  else if (facts.kind === "black") obj = cat(SIZE.black, "#151515", ghost, SCARF_COLOURS[facts.colour ?? "red"] ?? "#d33");
  else obj = cat(SIZE.cat, CAT_COLOURS[facts.colour ?? "blue"] ?? "#888", ghost, null);
  obj.name = id;
  obj.userData.piece = id;
  obj.userData.kind = facts.kind;
  return obj;
}

export function tableObject(): THREE.Group {
  const group = new THREE.Group();
  const [w, d, t] = SIZE.table;
  const top = box(w, d, t, material("#8a5a36", false));
  top.position.z = -t / 2;
  top.name = "table";
  group.add(top);
  return group;
}
