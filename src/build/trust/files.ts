// Which language a file of a skill folder is, so its lines are read as code, configuration or markdown.
import type { FileView } from "./types.js";

const BY_EXTENSION: Record<string, FileView["lang"]> = {
  md: "markdown",
  markdown: "markdown",
  mdx: "markdown",
  txt: "markdown",
  rst: "markdown",
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  fish: "shell",
  command: "shell",
  tool: "shell",
  py: "python",
  pyw: "python",
  js: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  ts: "javascript",
  tsx: "javascript",
  jsx: "javascript",
  mts: "javascript",
  cts: "javascript",
  vue: "javascript",
  svelte: "javascript",
  html: "javascript",
  htm: "javascript",
  ps1: "powershell",
  psm1: "powershell",
  psd1: "powershell",
  bat: "powershell",
  cmd: "powershell",
  rb: "other-code",
  pl: "other-code",
  php: "other-code",
  go: "other-code",
  rs: "other-code",
  lua: "other-code",
  swift: "other-code",
  java: "other-code",
  kt: "other-code",
  c: "other-code",
  cpp: "other-code",
  cs: "other-code",
  applescript: "other-code",
  scpt: "other-code",
  vbs: "other-code",
  r: "other-code",
  jl: "other-code",
  yar: "detection",
  yara: "detection",
  sigma: "detection",
  rules: "detection",
  snort: "detection",
  json: "config",
  jsonc: "config",
  json5: "config",
  yaml: "config",
  yml: "config",
  toml: "config",
  ini: "config",
  cfg: "config",
  conf: "config",
  xml: "config",
  xsd: "config",
  plist: "config",
  svg: "config",
  csv: "config",
  tsv: "config",
  lock: "config",
  css: "config",
  scss: "config",
  env: "config",
  example: "config",
  sample: "config",
};

const BY_NAME: Record<string, FileView["lang"]> = {
  dockerfile: "dockerfile",
  containerfile: "dockerfile",
  makefile: "shell",
  justfile: "shell",
  gemfile: "other-code",
};

export function fileLanguage(path: string, content: string, mode?: string): FileView["lang"] {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (BY_NAME[name]) return BY_NAME[name]!;
  if (name.startsWith("dockerfile")) return "dockerfile";
  const dot = name.lastIndexOf(".");
  const ext = dot > 0 ? name.slice(dot + 1) : "";
  if (ext && BY_EXTENSION[ext]) return BY_EXTENSION[ext]!;
  const shebang = /^#!\s{0,2}\S{0,60}/.exec(content)?.[0] ?? "";
  if (shebang) {
    if (/python/.test(shebang)) return "python";
    if (/node|deno|bun/.test(shebang)) return "javascript";
    if (/pwsh|powershell/.test(shebang)) return "powershell";
    if (/sh\b/.test(shebang)) return "shell";
    return "other-code";
  }
  if (mode === "100755") return "shell";
  return ext ? "config" : "markdown";
}

export const isCode = (lang: FileView["lang"]) => lang !== "markdown" && lang !== "config" && lang !== "detection";
