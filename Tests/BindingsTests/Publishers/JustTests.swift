import BindingsTesting
import Testing

@testable import Bindings

@Suite("Just", .releasesEveryObject)
struct JustTests {
  @Test("emits its value, then finishes")
  func emitsValueThenFinishes() {
    let recorder = RecordingSubscriber<Int, Never>()
    Just(1).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("waits for demand before emitting")
  func waitsForDemand() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Just(1).subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("a second request emits nothing more")
  func secondRequestEmitsNothing() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Just(1).subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.request(.max(2))
    subscription?.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Just(1).subscribe(recorder)
    let subscription = recorder.subscription
    subscription?.cancel()
    subscription?.cancel()
    subscription?.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test("a subscriber that cancels inside receive gets no completion")
  func cancelInsideReceive() {
    let canceller = LateCanceller()
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none, onValue: { _ in canceller.cancel() })
    canceller.target = recorder
    Just(1).subscribe(recorder)
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
  }

  @Test("each subscriber gets the value")
  func eachSubscriberGetsTheValue() {
    let just = Just("a")
    let first = RecordingSubscriber<String, Never>()
    let second = RecordingSubscriber<String, Never>()
    just.subscribe(first)
    just.subscribe(second)
    #expect(first.events == [.subscription, .value("a"), .completion(.finished)])
    #expect(second.events == first.events)
  }

  @Test("is equatable by its output")
  func equatable() {
    #expect(Just(1) == Just(1))
    #expect(Just(1) != Just(2))
    #expect(Just(1).output == 1)
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Just(1) }
  }
}
