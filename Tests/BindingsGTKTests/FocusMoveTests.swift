#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// GTK 4.8 keeps a reference to a widget hidden while it holds the focus until the window's next
/// frame, and leaks it when a second such widget hides before that frame. BindingsGTK moves the
/// focus itself where it hides widgets (a popover popped down, a stack page changed): two of them
/// in one turn of the loop, with no frame between, leak nothing.
final class FocusMoveTests: GTKTestCase {
  func testAPopoverPoppedDownWithTheFocusThenItsPageHiddenInTheSameTurnIsReleased() {
    onMain {
      let before = GTKLiveObjects.total
      weak var weakEntry: Entry?
      weak var weakPopover: Popover?
      weak var weakWindow: Window?
      do {
        let entry = Entry()
        let anchor = Button("Anchor")
        let popover = Popover(child: entry)
        let stack = Stack()
        stack.addPage(Box(.vertical, spacing: 4, [anchor]), name: "first", title: "First")
        stack.addPage(Label("Second"), name: "second", title: "Second")
        let window = Window(title: "Focus")
        window.child = stack
        show(window)
        popover.popUp(on: anchor)
        GTK.drainMainLoop()
        XCTAssertTrue(entry.grabFocus())
        GTK.drainMainLoop()
        // No frame between: GTK has not yet moved the focus out of the popover.
        popover.popDown()
        XCTAssertFalse(popover.isShowing)
        stack.visiblePageName = "second"
        (weakEntry, weakPopover, weakWindow) = (entry, popover, window)
      }
      weakWindow?.close()
      waitUntil("the popover and its entry are gone") { weakPopover == nil && weakEntry == nil }
      XCTAssertEqual(GTKLiveObjects.total, before, "alive: \(GTKLiveObjects.liveWrappers)")
    }
  }

  func testAPageThatHadTheFocusThenItsStackHiddenInTheSameTurnIsReleased() {
    onMain {
      let before = GTKLiveObjects.total
      weak var weakPage: Box?
      weak var weakWindow: Window?
      do {
        let entry = Entry()
        let page = Box(.vertical, spacing: 4, [entry])
        let stack = Stack()
        stack.addPage(page, name: "form", title: "Form")
        // Nothing on this page takes the focus: GTK leaves it on the hidden page until the next frame.
        stack.addPage(Label("Nothing to focus"), name: "text", title: "Text")
        let window = Window(title: "Focus")
        window.child = Box(.vertical, spacing: 4, [Button("Elsewhere"), stack])
        show(window)
        XCTAssertTrue(entry.grabFocus())
        GTK.drainMainLoop()
        stack.visiblePageName = "text"
        let focus = gtk_widget_get_root(window.widget).flatMap { gtk_root_get_focus($0) }
        XCTAssertFalse(focus.map { gtk_widget_is_ancestor($0, page.widget) != 0 } ?? false, "the focus left the page")
        stack.isVisible = false
        (weakPage, weakWindow) = (page, window)
      }
      weakWindow?.close()
      waitUntil("the hidden page is gone") { weakPage == nil }
      XCTAssertEqual(GTKLiveObjects.total, before, "alive: \(GTKLiveObjects.liveWrappers)")
    }
  }
}
#endif
