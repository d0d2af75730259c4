/// One chapter of the guided tour: a title, the code it runs, and the output it promises.
///
/// A chapter is one file in `Playgrounds/Chapters` that declares a `static let` on `Chapter`, plus
/// one line in ``all``. The tests run every chapter and compare its transcript with
/// ``expectedOutput``, so the tour cannot drift from what the library does.
///
/// ```swift
/// extension Chapter {
///   static let hello = Chapter(title: "Hello", run: { $0.happened("hi") }, expectedOutput: """
///
///     → hi
///     """)
/// }
/// ```
public struct Chapter: Sendable {
  /// The chapter's heading.
  public let title: String
  /// Runs the chapter, writing each step into the transcript; a chapter on Swift concurrency awaits
  /// each step, so the output stays deterministic.
  public let run: @MainActor @Sendable (Transcript) async -> Void
  /// What ``run`` writes, line for line.
  public let expectedOutput: String

  /// Creates a chapter.
  public init(
    title: String, run: @escaping @MainActor @Sendable (Transcript) async -> Void, expectedOutput: String
  ) {
    self.title = title
    self.run = run
    self.expectedOutput = expectedOutput
  }

  /// The whole tour, in the order a newcomer should read it.
  ///
  /// Observable arrays and lists follow two-way bindings; Swift concurrency, `ObservableObject` and
  /// notifications follow Observation, before testing and the complete app.
  public static let all: [Chapter] = [
    .firstBinding,
    .reactiveExtensions,
    .lifetimes,
    .operators,
    .schedulersAndTime,
    .twoWayBindings,
    .observableArrays,
    .observation,
    .asyncAwait,
    .testingViewModels,
    .photoSearchApp,
  ]
}

/// Runs `chapters` in order, with a heading for each, writing into `transcript`.
///
/// ```swift
/// await runTour()   // what `swift run Tour` does
/// ```
@MainActor
public func runTour(_ chapters: [Chapter] = Chapter.all, transcript: Transcript = Transcript()) async {
  transcript.line("Bindings — a guided tour")
  transcript.line("Every step shows the code it runs (│), what happened (→) and what did not (✗).")
  for (index, chapter) in chapters.enumerated() {
    let heading = "\(index + 1). \(chapter.title)"
    transcript.line("")
    transcript.line(heading)
    transcript.line(String(repeating: "=", count: heading.count))
    await chapter.run(transcript)
  }
  transcript.line("")
  transcript.line("End of the tour. The chapters are in Playgrounds/Chapters; each one is checked by Tests/TourTests.")
}
