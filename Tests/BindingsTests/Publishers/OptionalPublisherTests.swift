import BindingsTesting
import Testing

@testable import Bindings

@Suite("Optional.Publisher", .releasesEveryObject)
struct OptionalPublisherTests {
  @Test("some emits its value once demanded, then finishes")
  func someEmitsValue() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Optional(1).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("none finishes at once, without demand")
  func noneFinishes() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Int?.none.publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    let captured = CapturedSubscription()
    Optional(1).publisher.subscribe(
      AnySubscriber<Int, Never>(
        receiveSubscription: {
          captured.value = $0; recorder.receive(subscription: $0)
        },
        receiveValue: { recorder.receive($0) },
        receiveCompletion: { recorder.receive(completion: $0) }
      )
    )
    captured.value?.cancel()
    captured.value?.request(.max(1))
    #expect(recorder.events == [.subscription])
  }

  @Test("is nested in Optional and equatable by its output")
  func equatable() {
    let publisher: Optional<Int>.Publisher = Optional.Publisher(1)
    #expect(publisher == Optional(1).publisher)
    #expect(publisher != Int?.none.publisher)
    #expect(publisher.output == 1)
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Optional(1).publisher }
    expectSourceLifetimeForEveryEnding { Int?.none.publisher }
  }
}
