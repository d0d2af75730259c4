#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Event controllers in a real window: GTK emits each signal with its arguments, and the
/// subscriber gets the typed value.
final class EventControllerTests: GTKTestCase {
  func testAClickGestureSendsPressesAndReleasesWithButtonCountAndPosition() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let clicks = ClickGesture(button: .secondary)
      canvas.addController(clicks)
      XCTAssertTrue(clicks.widget === canvas)
      XCTAssertEqual(clicks.button, .secondary)
      var pressed: [Click] = []
      var released: [Click] = []
      let tokens = [
        clicks.reactive.pressed.sink { pressed.append($0) },
        clicks.reactive.released.sink { released.append($0) },
      ]
      cgtk_signal_emit_int_double_double(clicks.object, "pressed", 1, 10, 20)
      cgtk_signal_emit_int_double_double(clicks.object, "pressed", 2, 10.5, 20)
      cgtk_signal_emit_int_double_double(clicks.object, "released", 2, 11, 21)
      XCTAssertEqual(
        pressed,
        [Click(button: .secondary, count: 1, x: 10, y: 20), Click(button: .secondary, count: 2, x: 10.5, y: 20)])
      XCTAssertEqual(released, [Click(button: .secondary, count: 2, x: 11, y: 21)])
      XCTAssertEqual(pressed.last?.location, Point(x: 10.5, y: 20))
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testClicksOnAWidgetAddsAGestureForTheButton() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      var clicks: [Click] = []
      let token = canvas.reactive.clicks(button: .middle).sink { clicks.append($0) }
      let clickGestures = WidgetTree.controllers(of: canvas.widget, ofType: gtk_gesture_click_get_type())
      XCTAssertEqual(clickGestures.count, 1, "clicks(button:) added one click gesture")
      guard let last = clickGestures.last else { return window.close() }
      let gesture = GObjectWrapper.wrapper(for: last) as? ClickGesture
      XCTAssertEqual(gesture?.button, .middle)
      cgtk_signal_emit_int_double_double(last, "pressed", 1, 3, 4)
      XCTAssertEqual(clicks, [Click(button: .middle, count: 1, x: 3, y: 4)])
      token.cancel()
      window.close()
    }
  }

  func testADragGestureSendsItsStartAndOffsets() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let drags = DragGesture()
      canvas.addController(drags)
      var events: [String] = []
      let tokens = [
        drags.reactive.began.sink { events.append("began \($0.start) \($0.offset)") },
        drags.reactive.updated.sink { events.append("updated \($0.start) \($0.offset) \($0.location)") },
        drags.reactive.ended.sink { events.append("ended \($0.location)") },
      ]
      cgtk_signal_emit_double_double(drags.object, "drag-begin", 5, 6)
      cgtk_signal_emit_double_double(drags.object, "drag-update", 3, 4)
      cgtk_signal_emit_double_double(drags.object, "drag-end", 10, -6)
      XCTAssertEqual(
        events,
        [
          "began (5.0, 6.0) (0.0, 0.0)", "updated (5.0, 6.0) (3.0, 4.0) (8.0, 10.0)", "ended (15.0, 0.0)",
        ])
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testAMotionControllerSendsEnterMotionAndLeave() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let motion = MotionController()
      canvas.addController(motion)
      var events: [String] = []
      let tokens = [
        motion.reactive.entered.sink { events.append("entered \($0)") },
        motion.reactive.moved.sink { events.append("moved \($0)") },
        motion.reactive.left.sink { events.append("left") },
      ]
      cgtk_signal_emit_double_double(motion.object, "enter", 1, 2)
      cgtk_signal_emit_double_double(motion.object, "motion", 3, 4.5)
      cgtk_signal_emit_void(motion.object, "leave")
      XCTAssertEqual(events, ["entered (1.0, 2.0)", "moved (3.0, 4.5)", "left"])
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testAScrollControllerSendsDistancesAndItsHandledAnswerReachesGTK() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let scroller = ScrollController()
      canvas.addController(scroller)
      var scrolls: [Scroll] = []
      let token = scroller.reactive.scrolled.sink { scroll in
        scrolls.append(scroll)
        if scroll.dy < 0 { scroll.markHandled() }
      }
      XCTAssertNotEqual(cgtk_signal_emit_double_double_returning_boolean(scroller.object, "scroll", 0, -1), 0)
      XCTAssertEqual(cgtk_signal_emit_double_double_returning_boolean(scroller.object, "scroll", 2, 1), 0)
      XCTAssertEqual(scrolls, [Scroll(dx: 0, dy: -1), Scroll(dx: 2, dy: 1)])
      token.cancel()
      window.close()
    }
  }

  func testAKeyControllerSendsKeysAndItsHandledAnswerStopsPropagation() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let keys = KeyController()
      canvas.addController(keys)
      var pressed: [KeyPress] = []
      var released: [KeyPress] = []
      let tokens = [
        keys.reactive.keyPressed.sink { press in
          pressed.append(press)
          if press.keyName == "Escape" { press.markHandled() }
        },
        keys.reactive.keyReleased.sink { released.append($0) },
      ]
      let control = GDK_CONTROL_MASK.rawValue
      let shift = GDK_SHIFT_MASK.rawValue
      XCTAssertNotEqual(
        cgtk_signal_emit_uint_uint_uint_returning_boolean(keys.object, "key-pressed", 0xff1b, 9, control), 0,
        "Escape was handled")
      XCTAssertEqual(
        cgtk_signal_emit_uint_uint_uint_returning_boolean(keys.object, "key-pressed", 0x61, 38, shift | control), 0,
        "a was not")
      cgtk_signal_emit_uint_uint_uint(keys.object, "key-released", 0x61, 38, 0)
      XCTAssertEqual(
        pressed,
        [
          KeyPress(keyValue: 0xff1b, keyName: "Escape", modifiers: .control, keyCode: 9),
          KeyPress(keyValue: 0x61, keyName: "a", modifiers: [.shift, .control], keyCode: 38),
        ])
      XCTAssertEqual(released, [KeyPress(keyValue: 0x61, keyName: "a", keyCode: 38)])
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testAFocusControllerAndHasFocusFollowTheKeyboardFocus() {
    onMain {
      // Buttons take the focus themselves (an entry hands it to its text child).
      let first = Button("first")
      let second = Button("second")
      let window = Window(title: "Focus", width: 200, height: 100)
      window.child = Box(.vertical, spacing: 4, [first, second])
      let focus = FocusController()
      first.addController(focus)
      var events: [String] = []
      var focused: [Bool] = []
      let tokens = [
        focus.reactive.entered.sink { events.append("entered") },
        focus.reactive.left.sink { events.append("left") },
        first.reactive.hasFocus.sink { focused.append($0) },
      ]
      show(window)
      // Presenting a shown window asks for the input focus (with no window manager, GDK sets it).
      window.present()
      waitUntil("the window is active") { gtk_window_is_active(window.cast()) != 0 }
      first.grabFocus()
      waitUntil("the first entry has the focus") { focused.last == true }
      second.grabFocus()
      waitUntil("the first entry lost the focus") { focused.last == false }
      XCTAssertEqual(focused.first, false, "the current value came first")
      XCTAssertEqual(events, ["entered", "left"])
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testALongPressGestureSendsWhereAndCancellations() {
    onMain {
      let (window, canvas) = windowWithCanvas()
      let hold = LongPressGesture()
      canvas.addController(hold)
      var events: [String] = []
      let tokens = [
        hold.reactive.pressed.sink { events.append("pressed \($0)") },
        hold.reactive.cancelled.sink { events.append("cancelled") },
      ]
      cgtk_signal_emit_double_double(hold.object, "pressed", 7, 8)
      cgtk_signal_emit_void(hold.object, "cancelled")
      XCTAssertEqual(events, ["pressed (7.0, 8.0)", "cancelled"])
      tokens.forEach { $0.cancel() }
      window.close()
    }
  }

  func testAControllerBelongsToOneWidget() {
    onMain {
      let first = Label("one")
      let second = Label("two")
      let clicks = ClickGesture()
      first.addController(clicks)
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) { second.addController(clicks) }
      XCTAssertTrue(clicks.widget === first)
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(log.messages.first?.contains("already added to a GtkLabel") == true, "\(log.messages)")
      first.removeController(clicks)
      XCTAssertNil(clicks.widget)
      second.addController(clicks)
      XCTAssertTrue(clicks.widget === second)
    }
  }

  func testClosingTheWindowReleasesControllersBindingsAndTheDrawingArea() {
    onMain {
      let before = GTKLiveObjects.total
      let model = CanvasModel()
      weak var weakCanvas: DrawingArea<[Point]>?
      weak var weakClicks: ClickGesture?
      weak var weakMotion: MotionController?
      weak var weakWindow: Window?
      var canvasObject = GWeakRef()
      var clicksObject = GWeakRef()
      do {
        let (window, canvas) = windowWithCanvas()
        let clicks = ClickGesture()
        let motion = MotionController()
        canvas.addController(clicks)
        canvas.addController(motion)
        clicks.reactive.pressed ~> (model, { model, click in model.points.append(click.location) })
        motion.reactive.moved ~> (model, { model, point in model.hovered = point })
        canvas.reactive.content <~ model.$points
        (weakCanvas, weakClicks, weakMotion, weakWindow) = (canvas, clicks, motion, window)
        g_weak_ref_init(&canvasObject, canvas.object)
        g_weak_ref_init(&clicksObject, clicks.object)
      }
      // Only the window holds them now.
      XCTAssertNotNil(weakClicks)
      cgtk_signal_emit_int_double_double(weakClicks!.object, "pressed", 1, 5, 6)
      cgtk_signal_emit_double_double(weakMotion!.object, "motion", 7, 8)
      XCTAssertEqual(model.points, [Point(x: 5, y: 6)])
      XCTAssertEqual(model.hovered, Point(x: 7, y: 8))
      XCTAssertEqual(weakCanvas?.content, [Point(x: 5, y: 6)])

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakCanvas)
      XCTAssertNil(weakClicks)
      XCTAssertNil(weakMotion)
      XCTAssertNil(g_weak_ref_get(&canvasObject), "the GtkDrawingArea was finalized")
      XCTAssertNil(g_weak_ref_get(&clicksObject), "the GtkGestureClick was finalized")
      g_weak_ref_clear(&canvasObject)
      g_weak_ref_clear(&clicksObject)
      XCTAssertEqual(model.bindings.count, 0, "the bindings into the model ended with the controllers")
      XCTAssertEqual(GTKLiveObjects.total, before, "left alive")
    }
  }
}

/// A model for a canvas: points added by clicks, the point hovered.
final class CanvasModel: BindingOwner, @unchecked Sendable {
  let bindings = BindingBag()
  @Published var points: [Point] = []
  var hovered: Point?
}

/// A shown window holding a 200×150 drawing area that paints points.
@MainActor
func windowWithCanvas() -> (Window, DrawingArea<[Point]>) {
  let canvas = DrawingArea<[Point]>(initial: [], width: 200, height: 150) { context, points, _ in
    for point in points {
      context.circle(center: point, radius: 4)
      context.fill(.black)
    }
  }
  let window = Window(title: "Canvas", width: 200, height: 150)
  window.child = canvas
  show(window)
  return (window, canvas)
}
#endif
