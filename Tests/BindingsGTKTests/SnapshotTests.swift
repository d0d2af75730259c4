#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// What a person sees: a window with bound values, drawn to pixels.
final class SnapshotTests: GTKTestCase {
  func testTheWindowsPixelsChangeWhenTheBoundValuesChange() throws {
    try onMain {
      let model = ProfileModel()
      let title = Label()
      let progress = ProgressBar()
      let toggle = Switch()
      progress.setSizeRequest(width: 300, height: 24)
      let window = Window(title: "Snapshot", width: 320, height: 120)
      window.child = Box(.vertical, spacing: 8, [title, progress, toggle])
      title.reactive.markup <~ model.$name.map { "<span size='x-large'><b>\($0)</b></span>" }
      progress.reactive.fraction <~ model.$progress
      toggle.reactive.isActive <~ model.$isAdmin
      show(window)

      let before = try window.renderSnapshot()
      try before.savePNG(to: screenshotPath("window-before.png"))
      XCTAssertGreaterThan(before.width, 0)

      model.progress = 0.9
      model.isAdmin = true
      model.name = "Grace Hopper"
      GTK.iterateMainLoop(until: { false }, timeout: .milliseconds(300))  // the switch animates
      let after = try window.renderSnapshot()
      try after.savePNG(to: screenshotPath("window-after.png"))

      // The progress bar's fill is the theme's accent (blue): nine tenths of the bar, then one tenth.
      XCTAssertGreaterThan(after.differingPixels(from: before), 500, "the window looks different")
      let bar = try progress.renderSnapshot()
      model.progress = 0.1
      GTK.drainMainLoop()
      let emptier = try progress.renderSnapshot()
      let fullColumns = accentColumns(bar)
      let emptierColumns = accentColumns(emptier)
      XCTAssertEqual(Double(fullColumns) / Double(bar.width), 0.9, accuracy: 0.05)
      XCTAssertEqual(Double(emptierColumns) / Double(emptier.width), 0.1, accuracy: 0.05)
      XCTAssertGreaterThan(emptier.differingPixels(from: bar), 100)
    }
  }

  func testASnapshotOfAWidgetThatIsNotShownIsAClearError() throws {
    try onMain {
      XCTAssertThrowsError(try Label("hidden").renderSnapshot()) { error in
        XCTAssertEqual(error as? GTKSnapshotError, .notShown("GtkLabel"))
      }
    }
  }
}

/// How many columns of `snapshot` hold an accent-blue pixel.
private func accentColumns(_ snapshot: WidgetSnapshot) -> Int {
  (0..<snapshot.width).filter { x in
    (0..<snapshot.height).contains { y in
      let pixel = snapshot.pixel(x: x, y: y)
      return pixel.alpha > 200 && Int(pixel.blue) > Int(pixel.red) + 80
    }
  }.count
}

/// Where screenshots go: `.build/screenshots` next to the package, or `BINDINGS_SCREENSHOTS`.
func screenshotPath(_ name: String) -> String {
  let folder =
    ProcessInfo.processInfo.environment["BINDINGS_SCREENSHOTS"]
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/screenshots")
    .standardized.path
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  return folder + "/" + name
}
#endif
