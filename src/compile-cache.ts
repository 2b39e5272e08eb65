/**
 * Node's on-disk compile cache (Node 22.1 and later; nothing on older runtimes): the bytecode V8
 * compiles for each module is kept in a folder and read back at the next start, instead of every
 * start compiling the server's and its libraries' code again. Compiling was about 250 ms of a
 * 1.1 s start on the benchmark machine (BENCHMARKS.md, "Start-up: the compile cache").
 *
 * main.ts imports this module first, so every module it loads afterwards is served from the cache.
 * The folder is NODE_COMPILE_CACHE when set (the image sets it and fills it when it is built:
 * Dockerfile), otherwise `node-compile-cache` in the system's temporary folder. A folder that cannot
 * be written leaves the cache off and the start as before; NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import * as nodeModule from 'node:module';

// Typed by @types/node 20, which predates the API: absent on Node 20, so the call is optional.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
