#if GTK
import Bindings
import BindingsGTK
import XCTest

/// `Widget.containingWindow`: the window a widget is in, found through GTK's widget tree.
final class ContainingWindowTests: GTKTestCase {
  func testAWidgetFindsTheWindowItIsInAndNoneOutsideOne() {
    onMain {
      let button = Button("Book")
      let box = Box(.vertical, spacing: 0, [Label("x"), button])
      XCTAssertNil(button.containingWindow)
      let window = Window(title: "Containing")
      window.child = box
      XCTAssertTrue(button.containingWindow === window)
      XCTAssertTrue(window.containingWindow === window)
      window.child = nil
      XCTAssertNil(button.containingWindow)
      window.destroy()
    }
  }
}
#endif
