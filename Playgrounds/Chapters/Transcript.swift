/// Where a chapter of the tour writes what it does: the code of each step, what happened, and what
/// did not.
///
/// The tour prints it; the tests collect it and compare it with the chapter's expected output.
///
/// ```swift
/// let transcript = Transcript()
/// transcript.step("Bind a label")
/// transcript.code("label.reactive.text <~ viewModel.$name")
/// transcript.happened("label shows \"Ada\"")
/// // prints:
/// //
/// // ▸ Bind a label
/// //   │ label.reactive.text <~ viewModel.$name
/// //   → label shows "Ada"
/// ```
public final class Transcript {
  private let write: (String) -> Void

  /// Creates a transcript that hands each line to `write`; by default it prints.
  public init(write: @escaping (String) -> Void = { print($0) }) {
    self.write = write
  }

  /// Starts a step: a blank line, then its title.
  public func step(_ title: String) {
    write("")
    write("▸ \(title)")
  }

  /// Explains, in prose, what the next code does or why.
  public func explain(_ text: String) {
    write("  \(text)")
  }

  /// Shows the code a step runs, one line at a time.
  public func code(_ source: String) {
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      write(line.isEmpty ? "  │" : "  │ \(line)")
    }
  }

  /// Reports something that happened.
  public func happened(_ text: String) {
    write("  → \(text)")
  }

  /// Reports something that did not happen, and could have been expected to.
  public func didNotHappen(_ text: String) {
    write("  ✗ \(text)")
  }

  /// Writes a raw line, for headings.
  public func line(_ text: String) {
    write(text)
  }
}
