#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// GTK's loop runs the main queue, `@MainActor` work and `RunLoop.main` timers, without polling.
final class MainLoopTests: GTKTestCase {
  func testMainQueueWorkFromABackgroundThreadRunsInsideGTKsLoop() {
    onMain {
      let ran = Flag()
      DispatchQueue.global().async {
        DispatchQueue.main.async { ran.set(onGTKThread: GTK.isGTKThread) }
      }
      waitUntil("main-queue work ran") { ran.isSet }
      XCTAssertEqual(ran.onGTKThread, true)
    }
  }

  func testMainActorTasksRunInsideGTKsLoop() {
    onMain {
      let ran = Flag()
      DispatchQueue.global().async {
        Task { @MainActor in ran.set(onGTKThread: GTK.isGTKThread) }
      }
      waitUntil("the @MainActor task ran") { ran.isSet }
      XCTAssertEqual(ran.onGTKThread, true)
    }
  }

  func testAValueSentOnABackgroundThreadIsWrittenOnGTKsThread() {
    onMain {
      let name = PassthroughSubject<String, Never>()
      let label = Label()
      var writesOffGTKThread = 0
      let recorder = label.reactive.property(
        "label",
        get: { $0.text },
        set: { label, text in
          if !GTK.isGTKThread { writesOffGTKThread += 1 }
          label.text = text
        }
      )
      recorder <~ name
      let threads = 4
      let perThread = 250
      let group = DispatchGroup()
      for thread in 0..<threads {
        DispatchQueue.global().async(group: group) {
          for index in 0..<perThread { name.send("\(thread)-\(index)") }
        }
      }
      let sent = Flag()
      group.notify(queue: .global()) { DispatchQueue.main.async { sent.set(onGTKThread: GTK.isGTKThread) } }
      waitUntil("every value was sent and written") { sent.isSet }
      GTK.drainMainLoop()
      XCTAssertEqual(writesOffGTKThread, 0)
      XCTAssertTrue(label.text.hasSuffix("-\(perThread - 1)"), "the last write is some thread's last value")
    }
  }

  func testAValueSentOnGTKsThreadNeverOvertakesOneStillOnItsWayThere() {
    onMain {
      let name = PassthroughSubject<String, Never>()
      let label = Label()
      var writes: [String] = []
      label.reactive.property(
        "label", get: { $0.text },
        set: { label, text in
          writes.append(text)
          label.text = text
        }) <~ name
      let sent = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        name.send("from a background thread")  // hops to the main queue, which is blocked below
        sent.signal()
      }
      sent.wait()
      name.send("from GTK's thread")  // must wait behind the first
      XCTAssertEqual(writes, [])
      waitUntil("both values were written") { writes.count == 2 }
      XCTAssertEqual(writes, ["from a background thread", "from GTK's thread"])
      XCTAssertEqual(label.text, "from GTK's thread")
      name.send("again")
      XCTAssertEqual(writes.last, "again", "with nothing on its way, a value on GTK's thread is written at once")
    }
  }

  /// A style class's target writes its own way (one closure per binding, not two): the same rules
  /// hold for it as for a property's. Values from other threads are written on GTK's thread, in
  /// order behind those already on their way, and never into a destroyed widget.
  func testAStyleClassSentFromAnotherThreadIsWrittenOnGTKsThreadInOrderAndNotAfterDispose() {
    onMain {
      let isOn = PassthroughSubject<Bool, Never>()
      let label = Label("Styled")
      label.reactive.cssClass("accent") <~ isOn
      let sent = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        isOn.send(true)  // hops to the main queue, which is blocked below
        sent.signal()
      }
      sent.wait()
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "accent"), 0, "written off GTK's thread")
      isOn.send(false)  // must wait behind the first
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "accent"), 0)
      GTK.drainMainLoop()
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "accent"), 0, "the later value overtook the first")
      isOn.send(true)
      XCTAssertEqual(
        gtk_widget_has_css_class(label.widget, "accent"), 1, "with nothing on its way, written at once")
      isOn.send(false)

      DispatchQueue.global().async {
        isOn.send(true)  // on its way when the widget is destroyed
        sent.signal()
      }
      sent.wait()
      g_object_run_dispose(label.object)
      XCTAssertTrue(label.isDisposed)
      GTK.drainMainLoop()
      XCTAssertEqual(gtk_widget_has_css_class(label.widget, "accent"), 0, "written into a destroyed widget")
    }
  }

  /// GTK's callbacks run on the process's main thread outside any main-queue work, so a main-thread
  /// target of the core (not a GTK wrapper) must recognise that thread itself, or every value a signal
  /// handler sends would wait for the next turn of the loop.
  func testACoreMainThreadTargetWritesAtOnceOnGTKsThreadOutsideMainQueueWork() {
    onMain {
      final class Caption: MainActorBindingOwner {
        let bindings = BindingBag()
        var text = ""
      }
      XCTAssertTrue(Thread.isMainThread, "XCTest runs this method on the process's main thread")
      let caption = Caption()
      let name = PassthroughSubject<String, Never>()
      caption.reactive.text <~ name
      name.send("at once")
      XCTAssertEqual(caption.text, "at once", "the value waited for the main queue")
      name.send("again")
      XCTAssertEqual(caption.text, "again")
    }
  }

  func testMainQueueSchedulersDebounceAndReceiveOnWorkInsideGTKsLoop() {
    onMain {
      let typed = PassthroughSubject<String, Never>()
      let label = Label()
      let status = Label()
      label.reactive.text <~ typed.debounce(for: .milliseconds(30), scheduler: DispatchQueue.main)
      status.reactive.text <~ typed.receive(on: DispatchQueue.main).map { "typing \($0)" }
      for text in ["A", "Ad", "Ada"] { typed.send(text) }
      XCTAssertEqual(label.text, "")
      waitUntil("the debounced value arrived") { label.text == "Ada" }
      XCTAssertEqual(status.text, "typing Ada")

      let throttled = Label()
      throttled.reactive.text
        <~ typed.throttle(for: .milliseconds(30), scheduler: MainThreadScheduler.shared, latest: true)
      typed.send("G")
      typed.send("Gr")
      waitUntil("the throttled value arrived") { throttled.text == "Gr" }
    }
  }

  func testRunLoopMainTimersFireInsideGTKsLoop() {
    onMain {
      let label = Label()
      var ticks = 0
      let token = Timer.publish(every: 0.02, on: .main, in: .common).autoconnect().sink { _ in
        ticks += 1
        label.text = "tick \(ticks)"
      }
      waitUntil("the timer fired three times") { ticks >= 3 }
      token.cancel()
      XCTAssertTrue(label.text.hasPrefix("tick"))
    }
  }

  func testAnIdleLoopIsNeverWokenByTheBridge() {
    onMain {
      let label = Label()
      let model = ProfileModel()
      label.reactive.text <~ model.$name
      GTK.drainMainLoop()
      let wakeUps = MainQueueBridge.mainQueueWakeUps
      let timerChecks = MainQueueBridge.runLoopChecks
      // The real loop, with nothing to do for 300 ms: a one-shot timeout ends it.
      let loop = g_main_loop_new(nil, 0)!
      g_timeout_add_full(
        G_PRIORITY_DEFAULT, 300,
        { loop in
          g_main_loop_quit(OpaquePointer(loop))
          return 0
        }, UnsafeMutableRawPointer(loop), nil)
      g_main_loop_run(loop)
      g_main_loop_unref(loop)
      XCTAssertEqual(MainQueueBridge.mainQueueWakeUps, wakeUps, "the main-queue source fired with no work")
      XCTAssertEqual(MainQueueBridge.runLoopChecks, timerChecks, "the run-loop source fired with no timer")

      // And work does wake it.
      let ran = Flag()
      DispatchQueue.global().async { DispatchQueue.main.async { ran.set(onGTKThread: true) } }
      waitUntil("main-queue work ran") { ran.isSet }
      XCTAssertGreaterThan(MainQueueBridge.mainQueueWakeUps, wakeUps)
    }
  }

  func testGTKApplicationRunsUntilTheLastWindowCloses() throws {
    try MainActor.assumeIsolated {
      let order = Log()
      try GTKApplication.run { _ in
        let window = Window(title: "Application")
        window.child = Label("Closing soon")
        window.present()
        order.entries.append("set up")
        DispatchQueue.global().async {
          Task { @MainActor in
            order.entries.append("main actor")
            window.close()
          }
        }
      }
      order.entries.append("returned")
      XCTAssertEqual(order.entries, ["set up", "main actor", "returned"])
    }
  }

  func testGTKApplicationQuit() throws {
    try MainActor.assumeIsolated {
      var quitFromTimer = false
      try GTKApplication.run(quitsWhenLastWindowCloses: false) { application in
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(20)) {
          quitFromTimer = true
          application.quit()
        }
      }
      XCTAssertTrue(quitFromTimer)
    }
  }

  func testStartingGTKTellsWhatIsMissing() {
    XCTAssertNil(GTK.displayProblem(in: ["DISPLAY": ":99"]))
    XCTAssertNil(GTK.displayProblem(in: ["WAYLAND_DISPLAY": "wayland-0"]))
    let problem = GTK.displayProblem(in: ["DISPLAY": ""])
    XCTAssertNotNil(problem)
    XCTAssertTrue("\(problem!)".contains("DISPLAY"))
    XCTAssertTrue("\(problem!)".contains("xvfb-run"))

    let thrown = ThrownBox()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      do { try GTK.initialize() } catch let error as GTKError { thrown.error = error } catch {}
      done.signal()
    }
    done.wait()
    XCTAssertEqual(thrown.error, .notMainThread)
  }
}

/// What happened, in order, on the main actor.
@MainActor
private final class Log {
  var entries: [String] = []
}

/// The error a background thread got.
private final class ThrownBox: @unchecked Sendable {
  var error: GTKError?
}

/// Set once, from any thread.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Bool?

  func set(onGTKThread: Bool) { lock.withLock { value = onGTKThread } }
  var isSet: Bool { lock.withLock { value != nil } }
  var onGTKThread: Bool? { lock.withLock { value } }
}
#endif
