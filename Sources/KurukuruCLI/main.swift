import Foundation
import KurukuruCore

// The `kurukuru` command: a thin layer over the library stages (ARCHITECTURE.md §7).
// Exit status: 0 success; 1 `compare` found differences or `batch` had failures; 2 bad usage or
// invalid input, with one line on stderr naming the file and the place.

MemoryTuning.apply()
setvbuf(stdout, nil, _IOLBF, 0)
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
