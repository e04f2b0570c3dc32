import { constants } from "node:fs";
import { type FileHandle, open, readlink, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { CoreError } from "@scouts/core/errors";
import { ignoredDirectories } from "@scouts/core/folders/kinds";
import { checkRelativePath, isInside } from "@scouts/core/folders/path-safety";

const refuse = (reason: string) => new CoreError("forbidden", `refused: ${reason}`);

/**
 * The path the kernel says an open handle refers to (Linux: /proc/self/fd), so a directory
 * swapped between the checks and `open` is caught on the handle itself. Elsewhere the path is
 * resolved again and must still name the handle's inode.
 */
async function handlePath(handle: FileHandle, expected: string): Promise<string | null> {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`);
  } catch {
    try {
      const again = await realpath(expected);
      const [a, b] = await Promise.all([stat(again), handle.stat()]);
      return a.ino === b.ino && a.dev === b.dev ? again : null;
    } catch {
      return null;
    }
  }
}

/**
 * Opens `relativePath` inside `folderPath` for reading, or throws `forbidden` with the reason.
 * `folderPath` is the real path stored at link time and must still resolve to itself. Layers:
 * the string check, then the resolved path and its realpath must both sit inside the folder plus
 * a separator, then the opened handle must be the file that realpath names (O_NOFOLLOW, same
 * device and inode) and the kernel's path for the handle must sit inside the folder.
 * @example const { handle, size } = await openInsideFolder("/home/me/site", "docs/do..ts.txt")
 */
export async function openInsideFolder(
  folderPath: string,
  relativePath: string,
): Promise<{ handle: FileHandle; size: number; realPath: string }> {
  const checked = checkRelativePath(relativePath);
  if (!checked.ok) throw refuse(checked.reason);
  if (checked.segments.slice(0, -1).some((s) => ignoredDirectories.has(s))) {
    throw refuse("the path is inside a folder the scanner ignores");
  }
  const root = folderPath;
  let rootNow: string;
  try {
    rootNow = await realpath(folderPath);
  } catch {
    throw new CoreError("not_found", "the linked folder no longer exists");
  }
  // The link stored its real path; if that path now resolves elsewhere (a parent became a
  // symbolic link), reading would follow it out: the folder must be linked again.
  if (rootNow !== root) {
    throw refuse("the linked folder now resolves to another place (a symbolic link?): link it again");
  }
  const resolved = path.resolve(root, ...checked.segments);
  if (!isInside(root, resolved, path.sep)) throw refuse("the path resolves outside the linked folder");
  let real: string;
  try {
    real = await realpath(resolved);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR")
      throw new CoreError("not_found", "no such file in the linked folder");
    throw refuse(`the path cannot be resolved (${code ?? "error"})`);
  }
  if (!isInside(root, real, path.sep))
    throw refuse("the path is a symbolic link that leads outside the linked folder");
  const expected = await stat(real);
  if (!expected.isFile()) throw refuse("not a regular file");
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    throw refuse("the file changed while it was being opened");
  }
  const actual = await handle.stat();
  const opened = await handlePath(handle, real);
  if (
    actual.ino !== expected.ino ||
    actual.dev !== expected.dev ||
    !actual.isFile() ||
    opened === null ||
    !isInside(root, opened, path.sep)
  ) {
    await handle.close();
    throw refuse("the file changed while it was being opened");
  }
  return { handle, size: actual.size, realPath: real };
}
