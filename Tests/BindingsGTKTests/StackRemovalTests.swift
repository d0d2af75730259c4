#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Taking a page out of a stack that a sidebar lists: GTK 4.8's stack frees the page's object
/// before it tells the sidebar, whose handler then disconnects from the freed object (a GLib
/// critical, which ends the process under `G_DEBUG=fatal-criticals`, as CI runs these tests).
/// `Stack.remove(_:)` keeps the page's object alive until the sidebar has been told.
final class StackRemovalTests: GTKTestCase {
  func testRemovingPagesFromAStackWithASidebarWarnsOfNothingAndFreesThem() {
    onMain {
      let before = GTKLiveObjects.total
      weak var weakWindow: Window?
      weak var weakRemoved: Widget?
      do {
        let stack = Stack()
        let pages = (0..<3).map { Label("Page \($0)") }
        for (index, page) in pages.enumerated() { stack.addPage(page, name: "page\(index)", title: "Page \(index)") }
        let sidebar = StackSidebar(stack)
        let window = Window(title: "Stack removal")
        window.child = Box(.horizontal, [sidebar, stack.expand(horizontally: true)])
        show(window)
        stack.visiblePageName = "page1"
        GTK.drainMainLoop()

        stack.remove(pages[1])  // the shown page
        stack.remove(pages[0])  // a hidden one
        GTK.drainMainLoop()
        XCTAssertEqual(stack.pageNames, ["page2"])
        XCTAssertEqual(sidebarRowTitles(sidebar), ["Page 2"], "the sidebar lists the page left")

        // A page put back under the same name, as an app that starts a task over does.
        let fresh = Label("Page 0 again")
        stack.addPage(fresh, name: "page0", title: "Page 0")
        stack.visiblePageName = "page0"
        GTK.drainMainLoop()
        XCTAssertEqual(sidebarRowTitles(sidebar), ["Page 2", "Page 0"])
        XCTAssertTrue(stack.visibleChild === fresh)

        // A widget that is no page (here, one already removed) is left alone, with a diagnostic.
        let log = AppDiagnosticLog()
        log.observe { stack.remove(pages[0]) }
        XCTAssertEqual(log.messages.count, 1)
        XCTAssertTrue(log.messages.first?.contains("not a page of this stack") ?? false, "\(log.messages)")
        XCTAssertEqual(stack.pageNames, ["page2", "page0"])
        (weakWindow, weakRemoved) = (window, pages[1])
      }
      XCTAssertNil(weakRemoved, "a removed page was not released")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
    }
  }
}

/// The titles the sidebar shows, top to bottom.
@MainActor
private func sidebarRowTitles(_ sidebar: StackSidebar) -> [String] {
  WidgetTree.subtree(of: sidebar.widget).compactMap { node in
    let instance = UnsafeMutableRawPointer(node).assumingMemoryBound(to: GTypeInstance.self)
    guard gtk_widget_get_mapped(node) != 0, g_type_check_instance_is_a(instance, gtk_label_get_type()) != 0 else {
      return nil
    }
    return gtk_label_get_text(OpaquePointer(node)).map { String(cString: $0) }
  }
}
#endif
