#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// Signals with arguments, read as typed Swift values, emitted by GTK itself.
final class TypedSignalTests: GTKTestCase {
  func testEachParameterArrivesAsTheTypeAskedFor() {
    onMain {
      let gesture = ClickGesture()
      var received: [String] = []
      let token = gesture.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self))
        .sink { count, x, y in received.append("\(count) \(x) \(y)") }
      cgtk_signal_emit_int_double_double(gesture.object, "pressed", 2, 10.5, 20.25)
      cgtk_signal_emit_int_double_double(gesture.object, "pressed", 1, -3, 4)
      XCTAssertEqual(received, ["2 10.5 20.25", "1 -3.0 4.0"])
      token.cancel()
    }
  }

  func testAStringParameterAndABooleanAnswerReachGTK() {
    onMain {
      let label = Label("link")
      var uris: [String] = []
      let token = label.reactive.signal("activate-link", arguments: String.self, returning: Bool.self)
        .sink { emission in
          uris.append(emission.arguments)
          if emission.arguments.hasPrefix("app:") { emission.reply(true) }
        }
      // The handler's answer is the emission's return value: true stops GTK opening the link.
      XCTAssertTrue(cgtk_signal_emit_string_returning_boolean(label.object, "activate-link", "app:settings") != 0)
      XCTAssertEqual(uris, ["app:settings"])
      token.cancel()
      XCTAssertEqual(uris, ["app:settings"])
    }
  }

  func testNoReplyLeavesTheReturnTypesZero() {
    onMain {
      let label = Label("link")
      var count = 0
      let token = label.reactive.signal("activate-link", arguments: String.self, returning: Bool.self)
        .sink { _ in count += 1 }
      let window = ScrolledWindow()
      // A signal that returns a value may also be received without answering it.
      let plain = window.reactive.signal("scroll-child", arguments: (ScrollType.self, Bool.self))
        .sink { _, _ in count += 1 }
      XCTAssertEqual(
        cgtk_signal_emit_int_boolean_returning_boolean(window.object, "scroll-child", 0, 0), 0,
        "GTK's own handler answers: scrolling by none does nothing")
      XCTAssertEqual(count, 1)
      token.cancel()
      plain.cancel()
    }
  }

  func testEnumsAreReadByRawValueAndUnknownValuesAreNilOrDropped() {
    onMain {
      let window = ScrolledWindow()
      var types: [ScrollType] = []
      var optionalTypes: [ScrollType?] = []
      var horizontals: [Bool] = []
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) {
        let typed = window.reactive.signal(
          "scroll-child", arguments: (ScrollType.self, Bool.self), returning: Bool.self
        )
        .sink { emission in
          types.append(emission.arguments.0)
          horizontals.append(emission.arguments.1)
        }
        let optional = window.reactive.signal("scroll-child", arguments: (ScrollType?.self, Bool.self))
          .sink { type, _ in optionalTypes.append(type) }
        // scroll-child has no accumulator: GTK's own handler, run last, gives the return value.
        _ = cgtk_signal_emit_int_boolean_returning_boolean(window.object, "scroll-child", 3, 1)
        _ = cgtk_signal_emit_int_boolean_returning_boolean(window.object, "scroll-child", 99, 0)
        typed.cancel()
        optional.cancel()
      }
      XCTAssertEqual(types, [.stepForward])
      XCTAssertEqual(horizontals, [true])
      XCTAssertEqual(optionalTypes, [.stepForward, nil])
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(
        log.messages.first?.contains("GtkScrolledWindow::scroll-child's parameter 1 has no value of type ScrollType")
          == true, "\(log.messages)")
    }
  }

  func testObjectsArriveAsTheirWrappers() {
    onMain {
      let list = Widget(gtk_list_box_new(), ownership: .transferred)
      let row = Widget(gtk_list_box_row_new(), ownership: .transferred)
      var rows: [Widget] = []
      var labels: [Label?] = []
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) {
        let asWidgets = list.reactive.signal("row-activated", arguments: Widget.self).sink { rows.append($0) }
        let asLabels = list.reactive.signal("row-activated", arguments: Label?.self).sink { labels.append($0) }
        let strict = list.reactive.signal("row-activated", arguments: Label.self).sink { _ in XCTFail("not a label") }
        cgtk_signal_emit_pointer(list.object, "row-activated", row.object)
        asWidgets.cancel()
        asLabels.cancel()
        strict.cancel()
      }
      XCTAssertEqual(rows.count, 1)
      XCTAssertTrue(rows.first === row)
      XCTAssertEqual(labels.count, 1)
      XCTAssertNil(labels[0] ?? nil)
      XCTAssertEqual(log.messages.count, 1, "the emission a Label could not take was reported")
    }
  }

  func testAMismatchedSignatureIsReportedAndConnectsNothing() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      let gesture = ClickGesture()
      let log = DiagnosticLog()
      var finished = 0
      var values = 0
      Diagnostics.observing(log.append) {
        let tokens = [
          gesture.reactive.signal("presed", arguments: (Int.self, Double.self, Double.self))
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { _ in values += 1 }),
          gesture.reactive.signal("pressed", arguments: (Double.self, Double.self, Double.self))
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { _ in values += 1 }),
          gesture.reactive.signal("pressed", arguments: (Int.self, Double.self))
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { _ in values += 1 }),
          gesture.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self), returning: Bool.self)
            .sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { _ in values += 1 }),
        ]
        XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline, "nothing was connected")
        cgtk_signal_emit_int_double_double(gesture.object, "pressed", 1, 0, 0)
        tokens.forEach { $0.cancel() }
      }
      XCTAssertEqual(finished, 4)
      XCTAssertEqual(values, 0)
      XCTAssertEqual(
        log.messages,
        [
          "BindingsGTK: GtkGestureClick has no signal \"presed\"",
          "BindingsGTK: GtkGestureClick::pressed's parameter 1 is gint, which Double cannot read: its parameters "
            + "are (gint, gdouble, gdouble), not (Double, Double, Double)",
          "BindingsGTK: GtkGestureClick::pressed has 3 parameters (gint, gdouble, gdouble), not 2 (Int, Double)",
          "BindingsGTK: GtkGestureClick::pressed returns nothing, so a handler cannot answer it with Bool",
        ])
    }
  }

  func testTheSignalOfNoArgumentsRefusesASignalWithParametersAndLeavesAReturnedValueToGTK() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      let gesture = ClickGesture()
      let window = Window()
      let log = DiagnosticLog()
      var finished = 0
      var values = 0
      var closeRequests = 0
      Diagnostics.observing(log.append) {
        // Connected with the shape of a signal with no arguments, an emission of "pressed" would
        // call the handler with its arguments in the place of its own data.
        let refused = [
          gesture.reactive.signal("pressed"),
          gesture.reactive.signal("presed"),
        ].map { $0.sink(receiveCompletion: { _ in finished += 1 }, receiveValue: { values += 1 }) }
        XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline, "nothing was connected")
        cgtk_signal_emit_int_double_double(gesture.object, "pressed", 1, 0, 0)
        refused.forEach { $0.cancel() }

        // A signal that returns a value: delivered, and GTK gets its default answer.
        let token = window.reactive.signal("close-request").sink { closeRequests += 1 }
        XCTAssertEqual(cgtk_signal_emit_returning_boolean(window.object, "close-request"), 0)
        token.cancel()
      }
      XCTAssertEqual(finished, 2)
      XCTAssertEqual(values, 0)
      XCTAssertEqual(closeRequests, 1)
      XCTAssertEqual(
        log.messages,
        [
          "BindingsGTK: GtkGestureClick::pressed has 3 parameters (gint, gdouble, gdouble), not 0 (); ask for them "
            + "with signal(_:arguments:)",
          "BindingsGTK: GtkGestureClick has no signal \"presed\"",
        ])
      window.close()
    }
  }

  func testAReplyAfterTheEmissionIsReported() {
    onMain {
      let label = Label("link")
      var kept: SignalEmission<String, Bool>?
      let log = DiagnosticLog()
      Diagnostics.observing(log.append) {
        let token = label.reactive.signal("activate-link", arguments: String.self, returning: Bool.self)
          .sink { kept = $0 }
        XCTAssertEqual(cgtk_signal_emit_string_returning_boolean(label.object, "activate-link", "app:x"), 0)
        kept?.reply(true)
        token.cancel()
      }
      XCTAssertNil(kept?.result)
      XCTAssertEqual(log.messages.count, 1)
      XCTAssertTrue(log.messages.first?.contains("came after the emission ended") == true)
    }
  }

  func testCancellingDisconnectsAndTheWrappersEndFinishesTheSubscriber() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      var gesture: ClickGesture? = ClickGesture()
      var counts: [Int] = []
      var finished = false
      let first = gesture!.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self))
        .sink { count, _, _ in counts.append(count) }
      let second = gesture!.reactive.signal("released", arguments: (Int.self, Double.self, Double.self))
        .sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in })
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 2)
      cgtk_signal_emit_int_double_double(gesture!.object, "pressed", 1, 0, 0)
      first.cancel()
      cgtk_signal_emit_int_double_double(gesture!.object, "pressed", 2, 0, 0)
      XCTAssertEqual(counts, [1])
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 1)
      gesture = nil
      XCTAssertTrue(finished, "the subscriber finished with the wrapper")
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
      second.cancel()
    }
  }

  func testASubscriptionMadeOffGTKsThreadConnectsThereInOrder() {
    onMain {
      let gesture = ClickGesture()
      let publisher = gesture.reactive.signal("pressed", arguments: (Int.self, Double.self, Double.self))
      nonisolated(unsafe) var counts: [Int] = []
      nonisolated(unsafe) var token: AnyCancellable?
      let subscribed = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        token = publisher.sink { count, _, _ in counts.append(count) }
        subscribed.signal()
      }
      subscribed.wait()
      waitUntil("the handler is connected") { gesture.connections.count == 1 }
      cgtk_signal_emit_int_double_double(gesture.object, "pressed", 3, 0, 0)
      XCTAssertEqual(counts, [3])
      token?.cancel()
      GTK.drainMainLoop()
      XCTAssertEqual(gesture.connections.count, 0)
    }
  }
}

/// `GtkScrollType`, as a Swift enum of some of its cases.
enum ScrollType: Int32, SignalEnum {
  case none = 0
  case jump
  case stepBackward
  case stepForward
}

/// The diagnostics reported inside `Diagnostics.observing`, on GTK's thread.
final class DiagnosticLog: @unchecked Sendable {
  private(set) var messages: [String] = []

  var append: @Sendable (String) -> Void { { [self] in messages.append($0) } }
}
#endif
