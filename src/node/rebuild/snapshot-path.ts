// Which paths a snapshot manifest may name. A restore joins each path under its staging folder, so
// a path must be relative, use forward slashes and name a file below that folder: no empty, `.` or
// `..` segment (`.` or "" would make the staging folder itself the file, `..` would leave it), no
// absolute path, no backslash (a separator on Windows) and no NUL (cut short by the file system).

/** Why `path` may not be a snapshot entry, or undefined when it may. */
export function unsafeSnapshotPath(path: string): string | undefined {
  if (path === "") return "the path is empty";
  if (path.includes("\0")) return "the path holds a NUL character";
  if (path.includes("\\")) return "the path holds a backslash";
  if (path.startsWith("/")) return "the path is absolute";
  for (const segment of path.split("/")) {
    if (segment === "") return "the path has an empty segment";
    if (segment === "." || segment === "..") return `the path has a "${segment}" segment`;
  }
  return undefined;
}

/**
 * The first pair of entries that cannot both be files: the same path twice, or a file that another
 * entry needs as a folder ("a" and "a/b").
 */
export function clashingPaths(paths: readonly string[]): [string, string] | undefined {
  const files = new Set<string>();
  for (const path of paths) {
    if (files.has(path)) return [path, path];
    files.add(path);
  }
  for (const path of paths) {
    const segments = path.split("/");
    for (let i = 1; i < segments.length; i++) {
      const folder = segments.slice(0, i).join("/");
      if (files.has(folder)) return [folder, path];
    }
  }
  return undefined;
}
