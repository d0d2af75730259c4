import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("AnySubscriber", .releasesEveryObject)
struct AnySubscriberTests {
  @Test("wrapping a subscriber keeps its identifier and forwards everything to it")
  func wrapsSubscriber() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
    let erased = AnySubscriber(recorder)
    #expect(erased.combineIdentifier == recorder.combineIdentifier)
    #expect(AnySubscriber(erased).combineIdentifier == recorder.combineIdentifier)
    [1, 2].publisher.subscribe(erased)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  @Test("made from closures, forwards each event to its closure and honours the returned demand")
  func fromClosures() {
    let log = EventLog()
    let subscriber = AnySubscriber<Int, TestError>(
      receiveSubscription: {
        log.append("subscription"); $0.request(.max(1))
      },
      receiveValue: {
        log.append("value(\($0))"); return $0 < 2 ? .max(1) : .none
      },
      receiveCompletion: { log.append("\($0)") }
    )
    Publishers.Sequence<[Int], TestError>(sequence: [1, 2, 3]).subscribe(subscriber)
    #expect(log.entries == ["subscription", "value(1)", "value(2)"])
  }

  @Test("made from closures, each gets a fresh identifier")
  func closureIdentifiersAreUnique() {
    let first = AnySubscriber<Int, Never>()
    let second = AnySubscriber<Int, Never>()
    #expect(first.combineIdentifier != second.combineIdentifier)
  }

  @Test("without a subscription closure, requests nothing")
  func withoutSubscriptionClosure() {
    let log = EventLog()
    Just(1).subscribe(
      AnySubscriber<Int, Never>(receiveValue: {
        log.append("value(\($0))"); return .none
      }))
    #expect(log.entries.isEmpty)
  }

  @Test("without closures, ignores what it is sent and asks for nothing more")
  func withoutClosures() {
    let subscriber = AnySubscriber<Int, Never>()
    subscriber.receive(subscription: Subscriptions.empty)
    #expect(subscriber.receive(1) == .none)
    subscriber.receive(completion: .finished)
  }

  @Test("made from a subject, forwards values and completion into it")
  func fromSubject() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    let forwarder = AnySubscriber(subject)
    #expect(forwarder.combineIdentifier == CombineIdentifier(subject))
    Publishers.Sequence<[Int], TestError>(sequence: [1, 2]).subscribe(forwarder)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.finished)])
  }

  private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var entries: [String] { lock.withLock { stored } }
    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
  }
}
