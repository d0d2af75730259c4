import BindingsTesting
import Testing

@testable import Bindings

@Suite("Empty", .releasesEveryObject)
struct EmptyTests {
  @Test("finishes at once, without demand and without values")
  func finishesAtOnce() {
    let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
    Empty<Int, TestError>().subscribe(recorder)
    #expect(recorder.events == [.subscription, .completion(.finished)])
  }

  @Test("with completeImmediately false, never completes, even with demand")
  func neverCompletes() {
    let recorder = RecordingSubscriber<Int, TestError>()
    Empty<Int, TestError>(completeImmediately: false).subscribe(recorder)
    recorder.request(.max(2))
    #expect(recorder.events == [.subscription])
  }

  @Test("the typed initializer infers the output and failure types")
  func typedInitializer() {
    let empty = Empty(completeImmediately: false, outputType: String.self, failureType: TestError.self)
    let recorder = RecordingSubscriber<String, TestError>()
    empty.subscribe(recorder)
    #expect(empty.completeImmediately == false)
    #expect(recorder.events == [.subscription])
    #expect(Empty(outputType: String.self, failureType: Never.self).completeImmediately)
  }

  @Test("emits nothing after cancel")
  func nothingAfterCancel() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
    Empty<Int, Never>(completeImmediately: false).subscribe(recorder)
    recorder.cancel()
    #expect(recorder.events == [.subscription])
  }

  @Test("is equatable by completeImmediately")
  func equatable() {
    #expect(Empty<Int, Never>() == Empty<Int, Never>(completeImmediately: true))
    #expect(Empty<Int, Never>() != Empty<Int, Never>(completeImmediately: false))
  }

  @Test("lifetime: subscriber and subscription are released")
  func lifetime() {
    expectSourceLifetimeForEveryEnding { Empty<Int, TestError>() }
    expectSourceLifetimeForEveryEnding { Empty<Int, TestError>(completeImmediately: false) }
  }
}
