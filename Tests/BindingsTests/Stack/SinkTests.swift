import BindingsTesting
import Foundation
import Testing

@testable import Bindings

@Suite("Subscribers.Sink", .releasesEveryObject)
struct SinkTests {
  @Test("requests unlimited values on subscription")
  func requestsUnlimited() {
    let subscription = ProbeSubscription()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: subscription)
    #expect(subscription.requests == [.unlimited])
  }

  @Test("hands values and the completion to its closures")
  func deliversToClosures() {
    let log = Log()
    let token = Publishers.Sequence<[Int], TestError>(sequence: [1, 2]).sink(
      receiveCompletion: { log.append("\($0)") },
      receiveValue: { log.append("value(\($0))") }
    )
    #expect(log.entries == ["value(1)", "value(2)", "finished"])
    _ = token
  }

  @Test("sink(receiveValue:) works for publishers that cannot fail")
  func sinkReceiveValue() {
    let log = Log()
    let token = [1, 2].publisher.sink { log.append("value(\($0))") }
    #expect(log.entries == ["value(1)", "value(2)"])
    _ = token
  }

  @Test("gets nothing after cancel, and cancels upstream once")
  func nothingAfterCancel() {
    let subject = PassthroughSubject<Int, Never>()
    let log = Log()
    let token = subject.sink { log.append("value(\($0))") }
    subject.send(1)
    token.cancel()
    token.cancel()
    subject.send(2)
    #expect(subject.core.subscriberCount == 0)
    #expect(log.entries == ["value(1)"])

    let subscription = ProbeSubscription()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: subscription)
    sink.cancel()
    sink.cancel()
    #expect(subscription.cancels == 1)
  }

  @Test("releases its closures after completion, while the sink itself lives on")
  func releasesClosuresAfterCompletion() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    let sink: Subscribers.Sink<Int, Never>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = Subscribers.Sink(receiveCompletion: { _ in _ = captured }, receiveValue: { _ in _ = captured })
    }
    subject.subscribe(sink)
    #expect(weakCaptured != nil)
    subject.send(completion: .finished)
    #expect(weakCaptured == nil)
    withExtendedLifetime(sink) {}
  }

  @Test("releases its closures after cancel, while the sink itself lives on")
  func releasesClosuresAfterCancel() {
    weak var weakCaptured: Captured?
    let subject = PassthroughSubject<Int, Never>()
    let sink: Subscribers.Sink<Int, Never>
    do {
      let captured = Captured()
      weakCaptured = captured
      sink = Subscribers.Sink(receiveCompletion: { _ in _ = captured }, receiveValue: { _ in _ = captured })
    }
    subject.subscribe(sink)
    #expect(weakCaptured != nil)
    sink.cancel()
    #expect(weakCaptured == nil)
    #expect(subject.core.subscriberCount == 0)
    withExtendedLifetime(sink) {}
  }

  @Test("cancels a second subscription, and any subscription after completion")
  func cancelsSecondSubscription() {
    let first = ProbeSubscription()
    let second = ProbeSubscription()
    let third = ProbeSubscription()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
    sink.receive(subscription: first)
    sink.receive(subscription: second)
    sink.receive(completion: .finished)
    sink.receive(subscription: third)
    #expect(first.cancels == 0)
    #expect(second.cancels == 1)
    #expect(second.requests.isEmpty)
    #expect(third.cancels == 1)
  }

  @Test("lifecycle: subscriber, subscription and subject are released")
  func lifecycle() {
    for ending in Ending.allCases {
      weak var weakSubject: PassthroughSubject<Int, TestError>?
      weak var weakSink: Subscribers.Sink<Int, TestError>?
      do {
        let subject = PassthroughSubject<Int, TestError>()
        weakSubject = subject
        let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in }, receiveValue: { _ in })
        weakSink = sink
        subject.subscribe(sink)
        subject.send(1)
        switch ending {
        case .cancel: sink.cancel()
        case .finish: subject.send(completion: .finished)
        case .fail: subject.send(completion: .failure(.oops))
        }
        #expect(subject.core.subscriberCount == 0)
      }
      #expect(weakSink == nil)
      #expect(weakSubject == nil)
    }
  }

  private final class Captured {}

  private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var entries: [String] { lock.withLock { stored } }
    func append(_ entry: String) { lock.withLock { stored.append(entry) } }
  }

  /// A subscription that records the demand it is asked for and how often it is cancelled.
  private final class ProbeSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var storedRequests: [Subscribers.Demand] = []
    private var storedCancels = 0
    var requests: [Subscribers.Demand] { lock.withLock { storedRequests } }
    var cancels: Int { lock.withLock { storedCancels } }
    func request(_ demand: Subscribers.Demand) { lock.withLock { storedRequests.append(demand) } }
    func cancel() { lock.withLock { storedCancels += 1 } }
  }
}
