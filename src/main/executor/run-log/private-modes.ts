/**
 * Modes of everything the executor writes under its log folder (run logs, packed segments, GLUE
 * sources, the callback spool): the owner's only. Run logs hold what handlers print (often
 * credentials in a command line or a response body) and GLUE sources are the scripts themselves;
 * the LAN agent's `--log-path` is not inside a private data folder as the embedded executor's is.
 * The process umask can only narrow these further.
 */
export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600
