import BindingsTesting
import Testing

@testable import Bindings

@Suite("Result.Publisher", .releasesEveryObject)
struct ResultPublisherTests {
  @Test("success emits its value once demanded, then finishes")
  func successEmitsValue() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    Result<Int, TestError>.success(1).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("failure fails at once, without demand")
  func failureFailsAtOnce() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    Result<Int, TestError>.failure(.oops).publisher.subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("the initializers wrap a result, an output or a failure")
  func initializers() {
    #expect(Result<Int, TestError>.Publisher(1).result == .success(1))
    #expect(Result<Int, TestError>.Publisher(.oops).result == .failure(.oops))
    #expect(Result<Int, TestError>.Publisher(.success(2)).result == .success(2))
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    let captured = CapturedSubscription()
    Result<Int, TestError>.success(1).publisher.subscribe(
      AnySubscriber<Int, TestError>(
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

  @Test("is equatable by its result")
  func equatable() {
    #expect(Result<Int, TestError>.success(1).publisher == Result.Publisher(1))
    #expect(Result<Int, TestError>.success(1).publisher != Result.Publisher(.oops))
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Result<Int, TestError>.success(1).publisher }
    expectSourceLifetimeForEveryEnding { Result<Int, TestError>.failure(.oops).publisher }
  }
}
