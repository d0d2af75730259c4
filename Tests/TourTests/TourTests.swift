import Testing
import TourChapters

/// Collects what a chapter writes.
private final class Lines {
  var lines: [String] = []
}

@MainActor
private func transcript(of chapter: Chapter) async -> String {
  let collected = Lines()
  await chapter.run(Transcript { collected.lines.append($0) })
  return collected.lines.joined(separator: "\n")
}

/// The first line where two transcripts differ, for a readable failure.
private func firstDifference(_ actual: String, _ expected: String) -> String {
  let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
  let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
  for index in 0..<max(actualLines.count, expectedLines.count) {
    let got = index < actualLines.count ? String(actualLines[index]) : "<end of output>"
    let wanted = index < expectedLines.count ? String(expectedLines[index]) : "<end of output>"
    if got != wanted { return "line \(index + 1):\n  expected: \(wanted)\n  actual:   \(got)" }
  }
  return "no difference"
}

@Suite("The guided tour")
struct TourTests {
  @Test("each chapter prints exactly the output it states", arguments: Chapter.all.indices)
  @MainActor
  func chapterOutputMatches(index: Int) async {
    let chapter = Chapter.all[index]
    let actual = await transcript(of: chapter)
    #expect(
      actual == chapter.expectedOutput,
      "chapter \(index + 1), \"\(chapter.title)\", differs at \(firstDifference(actual, chapter.expectedOutput))\nwhole output:\n\(actual)"
    )
  }

  @Test("the tour runs every chapter in order, each under its heading")
  @MainActor
  func tourRunsEveryChapterInOrder() async {
    let collected = Lines()
    await runTour(transcript: Transcript { collected.lines.append($0) })
    let headings = collected.lines.filter { line in
      Chapter.all.indices.contains { line == "\($0 + 1). \(Chapter.all[$0].title)" }
    }
    #expect(headings == Chapter.all.indices.map { "\($0 + 1). \(Chapter.all[$0].title)" })
    #expect(collected.lines.first == "Bindings — a guided tour")
  }
}
