import Foundation
import KurukuruCore
import KurukuruRender

// The `kurukuru` command: a thin layer over the library stages (ARCHITECTURE.md §7).
// Exit status: 0 success; 1 `compare` found differences or `batch` had failures; 2 bad usage or
// invalid input, with one line on stderr naming the file and the place; 3 an output could not
// be written (`CLI.status(for:)`).

// First, before any thread starts: SIGINT, SIGTERM and SIGHUP remove the partial outputs.
PartialOutputs.removeOnSignals()
MemoryTuning.apply()
setvbuf(stdout, nil, _IOLBF, 0)
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
