#if GTK
import Bindings
import BindingsGTK
import CGTK
import XCTest

/// `Window.open`: the open windows that have a wrapper, read from GTK's list of windows.
final class WindowTests: GTKTestCase {
  func testOpenListsTheWrappedWindowsInTheOrderTheyWereMadeUntilEachCloses() {
    onMain {
      XCTAssertTrue(Window.open.isEmpty, "no window is left from an earlier test")
      let editor = Window(title: "Editor")
      let preview = Window(title: "Preview")
      XCTAssertEqual(Window.open.map(\.title), ["Editor", "Preview"], "made, not yet shown")
      show(preview)
      let palette = Window(title: "Palette")
      XCTAssertEqual(Window.open.map(\.title), ["Editor", "Preview", "Palette"])
      XCTAssertTrue(Window.open[1] === preview, "the wrapper itself, not a new one")

      preview.close()
      GTK.drainMainLoop()
      XCTAssertEqual(Window.open.map(\.title), ["Editor", "Palette"], "closing removes a window")
      editor.destroy()
      XCTAssertEqual(Window.open.map(\.title), ["Palette"], "destroying removes a window at once")
      palette.destroy()
      XCTAssertTrue(Window.open.isEmpty)
    }
  }

  func testOpenSkipsWindowsWithoutAWrapperAndKeepsSubclasses() {
    onMain {
      let unwrapped = gtk_window_new()!
      let main = Window(title: "Main")
      let dialog = MessageDialog(message: "Save?")
      XCTAssertEqual(Window.open.count, 2, "GTK's window without a wrapper is not listed")
      XCTAssertTrue(Window.open[0] === main)
      XCTAssertTrue(Window.open[1] === dialog, "a subclass of Window is listed as itself")
      gtk_window_destroy(UnsafeMutableRawPointer(unwrapped).assumingMemoryBound(to: GtkWindow.self))
      XCTAssertEqual(Window.open.count, 2)
      main.destroy()
      dialog.destroy()
    }
  }
}
#endif
