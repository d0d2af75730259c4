import BindingsTesting
import Testing

@testable import Bindings

@Suite("Fail", .releasesEveryObject)
struct FailTests {
  @Test("fails at once, without demand and without values")
  func failsAtOnce() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    Fail<Int, TestError>(error: .oops).subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("the typed initializer infers the output type")
  func typedInitializer() {
    let fail = Fail(outputType: String.self, failure: TestError.other)
    let recorder = RecordingSubscriber<String, TestError>()
    fail.subscribe(recorder)
    #expect(fail.error == .other)
    #expect(recorder.events == [.subscription, .completion(.failure(.other))])
  }

  @Test("emits nothing more after its failure, even when asked")
  func nothingAfterFailure() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    let subscription = CapturedSubscription()
    Fail<Int, TestError>(error: .oops).subscribe(
      AnySubscriber<Int, TestError>(
        receiveSubscription: {
          subscription.value = $0; recorder.receive(subscription: $0)
        },
        receiveValue: { recorder.receive($0) },
        receiveCompletion: { recorder.receive(completion: $0) }
      )
    )
    subscription.value?.request(.max(2))
    subscription.value?.cancel()
    #expect(recorder.events == [.subscription, .completion(.failure(.oops))])
  }

  @Test("is equatable by its error")
  func equatable() {
    #expect(Fail<Int, TestError>(error: .oops) == Fail(error: .oops))
    #expect(Fail<Int, TestError>(error: .oops) != Fail(error: .other))
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Fail<Int, TestError>(error: .oops) }
  }
}
