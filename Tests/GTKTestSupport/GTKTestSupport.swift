#if GTK
import Bindings
import BindingsGTK
import Foundation
import XCTest

// What every test in a real window shares: BindingsGTKTests, ContactsUITests.

/// The base of every test in a real window: starts GTK once, on the process's main thread (XCTest
/// runs tests there), and skips the test when there is no display — or fails it when `CI` is set,
/// so that CI cannot pass with the GTK tests silently skipped.
open class GTKTestCase: XCTestCase {
  override open func setUpWithError() throws {
    try super.setUpWithError()
    do {
      try GTK.initialize()
    } catch {
      if ProcessInfo.processInfo.environment["CI"] != nil {
        XCTFail("GTK tests cannot run on CI: \(error)")
        throw error
      }
      throw XCTSkip("\(error)")
    }
  }

  override open func tearDown() {
    MainActor.assumeIsolated {
      // Closes what a test left open, and lets GTK finish its own work before the next test.
      closeAllWindows()
      GTK.drainMainLoop()
    }
    super.tearDown()
  }

  /// Runs `body` on the main actor: the test already runs on the main thread.
  public func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
  }
}

/// Presents `window` and runs the loop until it is laid out.
@MainActor
public func show(_ window: Window, file: StaticString = #filePath, line: UInt = #line) {
  window.present()
  let shown = GTK.iterateMainLoop(until: {
    gtk_widget_get_mapped(window.widget) != 0 && window.allocatedSize.width > 0
  })
  XCTAssertTrue(shown, "the window was not shown", file: file, line: line)
  GTK.drainMainLoop()
}

/// Destroys every open window.
@MainActor
public func closeAllWindows() {
  while let window = WidgetTree.firstToplevel { gtk_window_destroy(window) }
}

/// Runs the loop until `condition` holds, failing the test if it does not within `timeout`.
@MainActor
public func waitUntil(
  _ what: String,
  timeout: Duration = .seconds(5),
  file: StaticString = #filePath,
  line: UInt = #line,
  _ condition: () -> Bool
) {
  if !GTK.iterateMainLoop(until: condition, timeout: timeout) {
    XCTFail("timed out waiting until \(what)", file: file, line: line)
  }
}

/// The texts of the shown labels inside `widget`, top to bottom.
@MainActor
public func labels(in widget: Widget) -> [String] {
  WidgetTree.subtree(of: widget.widget).compactMap { node in
    gtk_widget_get_mapped(node) != 0 ? (GObjectWrapper.wrapper(for: node) as? Label)?.text : nil
  }
}

#endif
