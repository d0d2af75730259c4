// The guided tour of Bindings: `swift run Tour`.
//
// The chapters live in Playgrounds/Chapters, one file each, in the order of `Chapter.all`. Each runs
// real library code and prints it with what happened, so reading the output next to the source is
// the quickest way to learn the library. Tests/TourTests checks every chapter's output.

import TourChapters

await runTour()
