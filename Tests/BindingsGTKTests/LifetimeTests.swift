#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Who keeps whom alive: wrappers, GObjects, signal handlers and bindings, in real windows.
///
/// Every test counts BindingsGTK's live objects (wrappers and signal handlers) before and after,
/// and holds weak references to the wrappers and GLib weak references to the GObjects.
final class LifetimeTests: GTKTestCase {
  func testAWidgetInAWindowKeepsItsWrapperAndBindingsAliveUntilTheWindowCloses() {
    onMain {
      let before = GTKLiveObjects.total
      let model = ProfileModel()
      weak var weakLabel: Label?
      weak var weakEntry: Entry?
      weak var weakButton: Button?
      weak var weakWindow: Window?
      var labelObject = GWeakRef()
      var entryObject = GWeakRef()
      do {
        let label = Label()
        let entry = Entry()
        let button = Button("Submit")
        let window = Window(title: "Lifetimes")
        window.child = Box(.vertical, spacing: 4, [label, entry, button])
        label.reactive.text <~ model.$name
        entry.reactive.text <~> model.$name
        button.reactive.clicked ~> model.reactive.submit
        show(window)
        (weakLabel, weakEntry, weakButton, weakWindow) = (label, entry, button, window)
        g_weak_ref_init(&labelObject, label.object)
        g_weak_ref_init(&entryObject, entry.object)
      }
      // No Swift reference is left, but the window shows the widgets: they and their bindings live.
      XCTAssertNotNil(weakLabel)
      XCTAssertNotNil(weakWindow)
      model.name = "Grace"
      XCTAssertEqual(weakLabel?.text, "Grace")
      weakButton?.click()
      XCTAssertEqual(model.submitted, 1)
      XCTAssertEqual(model.bindings.count, 1, "the click binding lives in the model's bag")

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()

      XCTAssertNil(weakLabel)
      XCTAssertNil(weakEntry)
      XCTAssertNil(weakButton)
      XCTAssertNil(g_weak_ref_get(&labelObject), "the GtkLabel was finalized")
      XCTAssertNil(g_weak_ref_get(&entryObject), "the GtkEntry was finalized")
      g_weak_ref_clear(&labelObject)
      g_weak_ref_clear(&entryObject)
      XCTAssertEqual(model.bindings.count, 0, "the click binding left the model's bag when the button went")
      XCTAssertEqual(GTKLiveObjects.total, before, "\(GTKLiveObjects.self) left alive")
      model.name = "Hopper"  // reaches nothing, and crashes nothing
    }
  }

  func testAWidgetOutsideAnyWindowLivesExactlyAsLongAsItsWrapper() {
    onMain {
      let before = GTKLiveObjects.total
      let source = SourceProbe<String>()
      var object = GWeakRef()
      var label: Label? = Label()
      g_weak_ref_init(&object, label!.object)
      label!.reactive.text <~ source.publisher
      source.send("Ada")
      XCTAssertEqual(label?.text, "Ada")
      XCTAssertEqual(source.cancellations, 0)

      label = nil
      XCTAssertEqual(source.cancellations, 1, "the binding ended with the wrapper")
      XCTAssertNil(g_weak_ref_get(&object), "the GtkLabel was finalized with its wrapper")
      g_weak_ref_clear(&object)
      XCTAssertEqual(GTKLiveObjects.total, before)
    }
  }

  func testADestroyedWidgetTakesNoWritesAndRefusesNewBindings() {
    onMain {
      let source = SourceProbe<String>()
      let label = Label("before")
      label.reactive.text <~ source.publisher
      XCTAssertEqual(label.bindings.count, 1)

      // Destroyed while the wrapper still holds it (what gtk_window_destroy does to a window).
      g_object_run_dispose(label.object)
      XCTAssertTrue(label.isDisposed)
      XCTAssertEqual(source.cancellations, 1, "the binding ended when the widget was destroyed")
      XCTAssertEqual(label.bindings.count, 0)
      source.send("after")

      // Binding again: a cancelled token, a diagnostic, nothing written.
      let late = SourceProbe<String>()
      let token = late.publisher.bind(to: label.reactive.text)
      XCTAssertEqual(late.cancellations, 1, "the late binding was cancelled at once")
      late.send("late")
      XCTAssertEqual(label.bindings.count, 0)
      XCTAssertTrue(label.bindings.isClosed)
      token.cancel()

      // A destroyed widget's signals finish their subscribers at once.
      var completed = false
      let clicks = Button("gone")
      g_object_run_dispose(clicks.object)
      let clickToken = clicks.reactive.clicked.sink(receiveCompletion: { _ in completed = true }, receiveValue: {})
      XCTAssertTrue(completed)
      clickToken.cancel()
    }
  }

  func testDestroyingAWindowEndsTheBindingsOfTheWindowItself() {
    onMain {
      let model = ProfileModel()
      let window = Window(title: "Destroyed")
      window.reactive.title <~ model.$name
      show(window)
      window.destroy()
      GTK.drainMainLoop()
      model.name = "not written"
      XCTAssertNotEqual(window.title, "not written")
      XCTAssertEqual(window.bindings.count, 0)
    }
  }

  func testEachSignalHandlerIsDisconnectedExactlyOnceWhicheverEndComesFirst() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      let button = Button("Once")
      var clicks = 0
      var finished = 0

      // 1. The subscription is cancelled: the handler goes, and GLib releases its box.
      let token = button.reactive.clicked.sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { clicks += 1 })
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 1)
      button.click()
      token.cancel()
      token.cancel()
      button.click()
      XCTAssertEqual(clicks, 1)
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
      XCTAssertEqual(button.connections.count, 0)

      // 2. The widget is destroyed first: GLib disconnects, the subscriber finishes, a later cancel
      //    does nothing.
      let second = button.reactive.clicked.sink(
        receiveCompletion: { _ in finished += 1 }, receiveValue: { clicks += 1 })
      g_object_run_dispose(button.object)
      XCTAssertEqual(finished, 1)
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
      second.cancel()

      // 3. The wrapper dies first: its deinit disconnects, the subscriber finishes.
      var label: Label? = Label()
      let third = label!.reactive.text.sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { _ in })
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 1)
      label = nil
      XCTAssertEqual(finished, 2)
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
      third.cancel()
    }
  }

  func testOneWrapperPerGObject() {
    onMain {
      let label = Label("one")
      XCTAssertTrue(GObjectWrapper.wrapper(for: label.object) === label)
      let window = Window()
      window.child = label
      XCTAssertTrue(window.child === label)
      XCTAssertNil(GObjectWrapper.wrapper(for: gtk_label_new("unwrapped")))
    }
  }

  func testABindingToAWrapperThatIsGoneIsCancelledAtOnce() {
    onMain {
      let source = SourceProbe<String>()
      var label: Label? = Label()
      let target = label!.reactive.text
      label = nil
      _ = source.publisher.bind(to: target)
      XCTAssertEqual(source.subscriptions, 0, "nothing was subscribed for a target whose owner is gone")
    }
  }

  func testTheTargetsOfOnePropertyShareOneWriter() {
    onMain {
      let first = SourceProbe<String>()
      let second = SourceProbe<Bool>()
      let label = Label()
      label.reactive.text <~ first.publisher
      // The same GObject property by name replaces the typed member's binding.
      try! label.reactive.property(named: "label", as: String.self) <~ Just("by name")
      XCTAssertEqual(first.cancellations, 1)
      XCTAssertEqual(label.text, "by name")
      label.reactive.isVisible <~ second.publisher
      XCTAssertEqual(label.bindings.count, 1, "the binding of Just ended with it; isVisible's lives")
    }
  }
}

/// A source that counts how often its subscriptions are cancelled.
final class SourceProbe<Value> {
  private let subject = PassthroughSubject<Value, Never>()
  private(set) var cancellations = 0
  private(set) var subscriptions = 0

  var publisher: AnyPublisher<Value, Never> {
    subject.handleEvents(
      receiveSubscription: { [unowned self] _ in subscriptions += 1 },
      receiveCancel: { [unowned self] in cancellations += 1 }
    ).eraseToAnyPublisher()
  }

  func send(_ value: Value) { subject.send(value) }
}
#endif
