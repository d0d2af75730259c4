#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Faults in a running app: a row factory or a drawing that fails, a model publisher that fails, a source that
/// completes while its widget is destroyed, wrappers and subscriptions let go of on another thread. For each, the
/// app keeps running, the library reports what it promises to report, the other bindings keep working, and closing
/// the window brings the live-object count back.
final class FaultTests: GTKTestCase {
  struct Broken: Error {}

  func testRowsThatFailToBeMadeOrBoundAreReportedAndTheRestOfTheWindowKeepsWorking() {
    onMain {
      let before = GTKLiveObjects.total
      let log = DiagnosticLog()
      let model = ProfileModel()
      weak var weakWindow: Window?
      var made = 0
      Diagnostics.observing(log.append) {
        let names = MutableObservableArray(["a", "b", "c"])
        let list = ListView<String>(
          makeRow: { () throws -> Label? in
            made += 1
            if made == 1 { throw Broken() }
            return Label()
          },
          bindRow: { label, name in
            if name == "b" { throw Broken() }
            label.text = name
          }
        )
        list.reactive.items <~ names
        let title = Label()
        title.reactive.text <~ model.$name
        let window = Window(title: "Faulty rows", width: 200, height: 200)
        window.child = Box(.vertical, spacing: 4, [title, ScrolledWindow(list).expand(vertically: true)])
        weakWindow = window
        show(window)
        list.waitForNextFrame()
        XCTAssertTrue(labels(in: list).contains("c"), "the rows after the failures are shown")
        XCTAssertFalse(labels(in: list).contains("b"), "the row that failed to bind is left empty")

        names.append("d")
        list.waitForNextFrame()
        XCTAssertTrue(labels(in: list).contains("d"), "the list keeps taking changes")
        model.name = "Grace"
        XCTAssertEqual(title.text, "Grace", "the window's other bindings keep working")
      }
      XCTAssertTrue(
        log.messages.contains { $0.contains("the row factory threw") && $0.contains("Broken") }, "\(log.messages)")
      XCTAssertTrue(log.messages.contains { $0.contains("binding a row threw") }, "\(log.messages)")

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertEqual(GTKLiveObjects.total, before, "closing the window releases every row")
    }
  }

  func testADrawingThatCairoRefusesIsReportedAndTheNextDrawingIsWhole() throws {
    try onMain {
      let before = GTKLiveObjects.total
      let log = DiagnosticLog()
      let scale = CurrentValueSubject<Double, Never>(1)
      weak var weakWindow: Window?
      var pixels: WidgetSnapshot?
      do {
        let canvas = DrawingArea<Double>(initial: 1, width: 60, height: 60) { context, scale, _ in
          context.paint(.white)
          context.scale(x: scale, y: scale)  // a scale of 0 leaves cairo in error: nothing more is drawn
          context.rectangle(Rect(x: 10, y: 10, width: 20, height: 20))
          context.fill(.red)
        }
        canvas.reactive.content <~ scale
        let window = Window(title: "Faulty drawing", width: 60, height: 60)
        window.child = canvas
        weakWindow = window
        show(window)

        Diagnostics.observing(log.append) {
          scale.send(0)
          XCTAssertNotNil(try? canvas.renderSnapshot(), "the area is still drawn, up to where cairo refused")
        }
        XCTAssertEqual(log.messages.count, 1, "\(log.messages)")
        XCTAssertTrue(log.messages.first?.contains("invalid matrix") == true, "\(log.messages)")

        Diagnostics.observing(log.append) {
          scale.send(2)
          pixels = try? canvas.renderSnapshot()
        }
        XCTAssertEqual(log.messages.count, 1, "a drawing that succeeds reports nothing")
      }
      let inside = try XCTUnwrap(pixels).pixel(x: 40, y: 40)
      XCTAssertEqual([inside.red, inside.green, inside.blue], [255, 0, 0], "the next drawing is whole")

      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertEqual(GTKLiveObjects.total, before)
    }
  }

  func testAFailingModelPublisherEndsOnlyItsOwnBindingWithTheValueItWasGivenForErrors() {
    onMain {
      let before = GTKLiveObjects.total
      let status = PassthroughSubject<String, any Error>()
      let results = PassthroughSubject<ObservableArrayEvent<String>, any Error>()
      let model = ProfileModel()
      weak var weakWindow: Window?
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) {
        let statusLabel = Label()
        let nameEntry = Entry()
        let list = ListView<String>(makeRow: { Label() }, bindRow: { $0.text = $1 })
        // A source that can fail is bound once its error is handled (`<~` refuses it otherwise, at compile time).
        statusLabel.reactive.text <~ status.replaceError(with: "offline")
        list.reactive.items <~ results.replaceError(with: CollectionEvent(contents: [], change: .reset))
        nameEntry.reactive.text <~> model.$name
        let window = Window(title: "Failing sources", width: 200, height: 200)
        window.child = Box(
          .vertical, spacing: 4, [statusLabel, nameEntry, ScrolledWindow(list).expand(vertically: true)])
        weakWindow = window
        show(window)
        let boundBefore = (statusLabel.bindings.count, list.bindings.count)
        XCTAssertEqual(boundBefore.0, 1)

        status.send("online")
        results.send(CollectionEvent(contents: ["x", "y"], change: .reset))
        XCTAssertEqual(statusLabel.text, "online")
        XCTAssertEqual(list.items, ["x", "y"])

        status.send(completion: .failure(Broken()))
        results.send(completion: .failure(Broken()))
        XCTAssertEqual(statusLabel.text, "offline", "the error's replacement is shown")
        XCTAssertEqual(list.items, [], "the list shows what replaced the error")
        XCTAssertEqual(statusLabel.bindings.count, 0, "the ended binding left the label's bag")
        XCTAssertEqual(list.bindings.count, 0, "the ended binding left the list's bag")
        status.send("ignored")
        XCTAssertEqual(statusLabel.text, "offline", "nothing arrives after the failure")

        model.name = "Grace"
        XCTAssertEqual(nameEntry.text, "Grace", "the two-way binding beside them keeps working both ways")
        nameEntry.text = "Hopper"
        XCTAssertEqual(model.name, "Hopper")
        statusLabel.reactive.text <~ Just("back")
        XCTAssertEqual(statusLabel.text, "back", "the label takes a new binding")
      }
      XCTAssertEqual(log.messages, [], "a handled failure is no misuse")
      weakWindow?.close()
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertEqual(GTKLiveObjects.total, before)
    }
  }

  func testASourceThatCompletesWhileItsWidgetIsDestroyedEndsCleanly() {
    onMain {
      let before = GTKLiveObjects.total
      let name = PassthroughSubject<String, Never>()
      let title = PassthroughSubject<String, Never>()
      let other = CurrentValueSubject<String, Never>("still here")
      weak var weakLabel: Label?
      weak var weakWindow: Window?
      var titlesWhileDestroyed: [String?] = []
      var lastWords = 0
      do {
        let label = Label()
        label.reactive.text <~ name
        // The label's source completes from inside the label's own teardown: the kept object is released while
        // the label's wrapper goes, and says its last word on the way.
        label.keepAlive(
          LastWord {
            lastWords += 1
            name.send("gone")
            name.send(completion: .finished)
          })
        let survivor = Label()
        survivor.reactive.text <~ other
        let window = Window(title: "Completing while destroyed")
        window.reactive.title <~ title
        // The window's source sends and completes from the window's `destroy` signal, in the middle of its
        // disposal (emitted while the wrapper lives: the app holds its window, below).
        window.reactive.signal("destroy").sink { [unowned window] in
          title.send("closing")
          titlesWhileDestroyed.append(window.title)
          title.send(completion: .finished)
        }.store(in: window.bindings)
        window.child = Box(.vertical, spacing: 4, [label, survivor])
        show(window)
        name.send("Ada")
        title.send("Open")
        XCTAssertEqual(label.text, "Ada")
        XCTAssertEqual(window.title, "Open")
        (weakLabel, weakWindow) = (label, window)
      }
      var heldWindow = weakWindow
      heldWindow?.close()
      waitUntil("the window is disposed") { heldWindow?.isDisposed == true }
      XCTAssertEqual(titlesWhileDestroyed, ["closing"], "the window's destroy signal ran once, its binding still live")
      XCTAssertEqual(heldWindow?.bindings.count, 0, "every binding of the window ended")
      heldWindow = nil
      waitUntil("the window is gone") { weakWindow == nil }
      GTK.drainMainLoop()
      XCTAssertNil(weakLabel)
      XCTAssertEqual(lastWords, 1, "the kept object was released once, with the label")
      name.send("after")  // reaches nothing, and crashes nothing
      title.send("after")
      other.send("after")
      XCTAssertEqual(GTKLiveObjects.total, before)
    }
  }

  func testASourceThatCompletesOnAnotherThreadAsTheWindowClosesEndsCleanly() {
    onMain {
      let before = GTKLiveObjects.total
      for round in 0..<20 {
        let name = PassthroughSubject<String, Never>()
        weak var weakWindow: Window?
        do {
          let label = Label()
          label.reactive.text <~ name
          let window = Window(title: "Round \(round)")
          window.child = label
          show(window)
          weakWindow = window
        }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          name.send("last")
          name.send(completion: .finished)
          finished.signal()
        }
        weakWindow?.destroy()
        finished.wait()
        waitUntil("the window is gone") { weakWindow == nil }
        GTK.drainMainLoop()
      }
      XCTAssertEqual(GTKLiveObjects.total, before, "every window and handler went, whichever came first")
    }
  }

  func testAWindowDestroyedFromItsOwnButtonsClickIsReleasedAfterTheClick() {
    onMain {
      let before = GTKLiveObjects.total
      let model = ProfileModel()
      weak var weakWindow: Window?
      weak var weakButton: Button?
      do {
        let button = Button("Close")
        let label = Label()
        label.reactive.text <~ model.$name
        let window = Window(title: "Closes itself")
        // The window, its button and the handler running now all go in the middle of the button's emission.
        button.reactive.clicked.sink { [unowned window] in window.destroy() }.store(in: button.bindings)
        button.reactive.clicked ~> model.reactive.submit
        window.child = Box(.vertical, spacing: 4, [label, button])
        show(window)
        (weakWindow, weakButton) = (window, button)
      }
      weakButton?.click()
      waitUntil("the window is gone") { weakWindow == nil && weakButton == nil }
      GTK.drainMainLoop()
      XCTAssertEqual(GTKLiveObjects.total, before)
      XCTAssertEqual(model.bindings.count, 0, "the click binding left the model's bag with the button")
      model.name = "Grace"  // reaches nothing, and crashes nothing
    }
  }

  func testAWrapperWhoseLastReferenceGoesOnAnotherThreadIsReleasedOnGTKsThread() {
    onMain {
      let before = GTKLiveObjects.total
      let finalizedOn = FinalizedThreads()
      let model = ProfileModel()
      weak var weakLabel: Label?
      var labelObject = GWeakRef()
      do {
        let label = Label()
        label.reactive.text <~ model.$name
        finalizedOn.watch(label.object)
        weakLabel = label
        g_weak_ref_init(&labelObject, label.object)
        let handedOver = Handed(label)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          handedOver.release()  // the wrapper's last reference, dropped off GTK's thread
          released.signal()
        }
        released.wait()
      }
      waitUntil("the wrapper is released") { weakLabel == nil }
      GTK.drainMainLoop()
      XCTAssertNil(g_weak_ref_get(&labelObject), "the GtkLabel was finalized")
      g_weak_ref_clear(&labelObject)
      XCTAssertEqual(finalizedOn.threads, [true], "finalized once, on GTK's thread")
      model.name = "Grace"  // reaches nothing, and crashes nothing
      XCTAssertEqual(model.bindings.count, 0)
      XCTAssertEqual(GTKLiveObjects.total, before)
    }
  }

  func testASignalSubscriptionCancelledOnAnotherThreadDisconnectsOnGTKsThread() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      let button = Button("Far")
      var clicks = 0
      let token = button.reactive.clicked.sink { clicks += 1 }
      button.click()
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 1)
      let cancelled = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        token.cancel()
        cancelled.signal()
      }
      cancelled.wait()
      button.click()
      XCTAssertEqual(clicks, 1, "nothing is delivered after the cancel returned")
      waitUntil("the handler is disconnected") { GTKLiveObjects.count("SignalConnection") == baseline }
      XCTAssertEqual(button.connections.count, 0)
      button.click()
      XCTAssertEqual(clicks, 1)
    }
  }
}

/// Calls `lastWord` when it is released: a view model that completes its publishers in its deinit.
private final class LastWord {
  private let lastWord: () -> Void

  init(_ lastWord: @escaping () -> Void) { self.lastWord = lastWord }

  deinit { lastWord() }
}

/// Holds one strong reference to hand to another thread and drop there.
private final class Handed: @unchecked Sendable {
  private var object: AnyObject?

  init(_ object: AnyObject) { self.object = object }

  func release() { object = nil }
}

/// Records, for each GObject it watches, whether it was finalized on GTK's thread.
private final class FinalizedThreads: @unchecked Sendable {
  private let recorded = Locked<[Bool]>([])

  var threads: [Bool] { recorded.withLock { $0 } }

  func watch(_ object: UnsafeMutablePointer<GObject>) {
    g_object_weak_ref(
      object,
      { data, _ in
        let watcher = Unmanaged<FinalizedThreads>.fromOpaque(data!).takeRetainedValue()
        watcher.recorded.withLock { $0.append(GTK.isGTKThread) }
      },
      Unmanaged.passRetained(self).toOpaque())
  }
}
#endif
