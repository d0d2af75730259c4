#if GTK
import Bindings
import CGTK
import Foundation
import XCTest

@testable import BindingsGTK

/// A signal publisher's own subscription: demand, cancels during an emission, and completion.
final class SignalSubscriptionTests: GTKTestCase {
  /// A subscriber that requests `initial` values and then nothing more, keeping its subscription.
  private final class Recorder: Subscriber, @unchecked Sendable {
    typealias Input = Void
    typealias Failure = Never
    let initial: Subscribers.Demand
    var subscription: (any Subscription)?
    var values = 0
    var completions = 0
    var onValue: () -> Void = {}

    init(requesting initial: Subscribers.Demand) { self.initial = initial }

    func receive(subscription: any Subscription) {
      self.subscription = subscription
      if initial > .none { subscription.request(initial) }
    }

    func receive(_ input: Void) -> Subscribers.Demand {
      values += 1
      onValue()
      return .none
    }

    func receive(completion: Subscribers.Completion<Never>) { completions += 1 }
  }

  func testASubscriberRequestingOneGetsOneOfTwoEmissionsAndMoreOnRequest() {
    onMain {
      let button = Button("Demand")
      let recorder = Recorder(requesting: .max(1))
      button.reactive.clicked.subscribe(recorder)
      button.click()
      button.click()
      XCTAssertEqual(recorder.values, 1, "values sent with no demand are dropped")
      recorder.subscription?.request(.max(1))
      button.click()
      XCTAssertEqual(recorder.values, 2)
      recorder.subscription?.cancel()
      button.click()
      XCTAssertEqual(recorder.values, 2)
      XCTAssertEqual(recorder.completions, 0, "a cancelled subscriber is not finished")
    }
  }

  func testASubscriberWithNoDemandGetsNothingUntilItRequests() {
    onMain {
      let button = Button("None")
      let recorder = Recorder(requesting: .none)
      button.reactive.clicked.subscribe(recorder)
      button.click()
      XCTAssertEqual(recorder.values, 0)
      recorder.subscription?.request(.unlimited)
      button.click()
      button.click()
      XCTAssertEqual(recorder.values, 2)
      recorder.subscription?.cancel()
    }
  }

  func testCancellingFromInsideTheSubscriberStopsFurtherValuesAndKeepsOthersReceiving() {
    onMain {
      let baseline = GTKLiveObjects.count("SignalConnection")
      let button = Button("Cancel")
      let first = Recorder(requesting: .unlimited)
      let second = Recorder(requesting: .unlimited)
      first.onValue = { first.subscription?.cancel() }
      button.reactive.clicked.subscribe(first)
      button.reactive.clicked.subscribe(second)
      button.click()
      XCTAssertEqual(first.values, 1)
      XCTAssertEqual(second.values, 1, "the second subscriber still receives the emission the first cancelled in")
      button.click()
      XCTAssertEqual(first.values, 1)
      XCTAssertEqual(second.values, 2)
      XCTAssertEqual(first.completions, 0)
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline + 1, "the first handler is gone")
      second.subscription?.cancel()
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
    }
  }

  func testASecondSubscriberCancellingTheFirstMidEmission() {
    onMain {
      let button = Button("Other")
      let first = Recorder(requesting: .unlimited)
      let second = Recorder(requesting: .unlimited)
      button.reactive.clicked.subscribe(first)
      button.reactive.clicked.subscribe(second)
      second.onValue = { first.subscription?.cancel() }
      button.click()
      button.click()
      XCTAssertEqual(first.values, 1)
      XCTAssertEqual(second.values, 2)
      second.subscription?.cancel()
    }
  }

  func testTheSubscriberFinishesOnceWhenTheWidgetIsDestroyedOrItsWrapperDies() {
    onMain {
      let window = Window(title: "Destroyed")
      let recorder = Recorder(requesting: .unlimited)
      window.reactive.signal("keys-changed").subscribe(recorder)
      cgtk_signal_emit_void(window.object, "keys-changed")
      XCTAssertEqual(recorder.values, 1)
      show(window)
      window.destroy()
      GTK.drainMainLoop()
      XCTAssertEqual(recorder.completions, 1)
      recorder.subscription?.cancel()
      XCTAssertEqual(recorder.completions, 1)

      var button: Button? = Button("Wrapper")
      let dropped = Recorder(requesting: .unlimited)
      button!.reactive.clicked.subscribe(dropped)
      button = nil
      XCTAssertEqual(dropped.completions, 1)
      XCTAssertEqual(dropped.values, 0)
    }
  }

  func testASubscriptionCancelledBeforeItsConnectHopConnectsNothing() {
    let baseline = MainActor.assumeIsolated { GTKLiveObjects.count("SignalConnection") }
    nonisolated(unsafe) var button: Button?
    onMain { button = Button("Hop") }
    let recorder = Recorder(requesting: .unlimited)
    let publisher = MainActor.assumeIsolated { button!.reactive.clicked }
    let subscribed = expectation(description: "subscribed off GTK's thread")
    DispatchQueue.global().async {
      publisher.subscribe(recorder)
      recorder.subscription?.cancel()
      subscribed.fulfill()
    }
    wait(for: [subscribed], timeout: 10)
    onMain {
      GTK.drainMainLoop()
      button!.click()
      XCTAssertEqual(recorder.values, 0)
      XCTAssertEqual(recorder.completions, 0)
      XCTAssertEqual(GTKLiveObjects.count("SignalConnection"), baseline)
      button = nil
    }
  }
}
#endif
