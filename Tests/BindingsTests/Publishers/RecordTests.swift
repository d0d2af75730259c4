import BindingsTesting
import Testing

@testable import Bindings

@Suite("Record", .releasesEveryObject)
struct RecordTests {
  @Test("replays the recorded values, then the recorded completion, to each subscriber")
  func replaysToEachSubscriber() {
    let record = Record<Int, TestError>(output: [1, 2], completion: .failure(.oops))
    for _ in 0..<2 {
      let recorder = RecordingSubscriber<Int, TestError>()
      record.subscribe(recorder)
      #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
    }
  }

  @Test("init(record:) records values and a completion in order; an open recording finishes")
  func recordsWithAClosure() {
    let record = Record<String, Never> { recording in
      recording.receive("a")
      recording.receive("b")
    }
    #expect(record.recording.output == ["a", "b"])
    let recorder = RecordingSubscriber<String, Never>()
    record.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value("a"), .value("b"), .completion(.finished)])
  }

  @Test("delivers only as many values as requested")
  func honoursDemand() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    Record<Int, Never>(output: [1, 2, 3], completion: .finished).subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.request(.max(5))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test("recording a value after the completion is a programming error")
  func valueAfterCompletionTraps() async {
    await #expect(processExitsWith: .failure) {
      var recording = Record<Int, Never>.Recording()
      recording.receive(completion: .finished)
      recording.receive(1)
    }
  }

  @Test("nothing arrives after cancel, and the subscription is released")
  func cancel() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1))
    weak var weakSubscription: AnyObject?
    do {
      Record<Int, Never>(output: [1, 2], completion: .finished).subscribe(recorder)
      weakSubscription = recorder.subscription.map { $0 as AnyObject }
      recorder.cancel()
    }
    #expect(recorder.events == [.subscription, .value(1)])
    #expect(weakSubscription == nil)
  }
}
