import Bindings
import BindingsTesting
import Foundation
import Testing

@Suite("ReplayingSubject", .releasesEveryObject)
struct ReplayingSubjectTests {
  @Test("values sent before any subscriber are kept: the first subscriber is replayed the last ones")
  func keepsValuesSentBeforeAnySubscriber() {
    let subject = ReplayingSubject<Int, TestError>(replaying: 2)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(4)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .value(4)])
    recorder.cancel()
  }

  @Test("Bond's EventProducer(replayLength: 2), written with the migration row: a late observer gets [2, 3]")
  func bondEventProducerMigration() {
    final class Feed: BindingOwner {
      let bindings = BindingBag()
      var received: [Int] = []
    }
    let events = ReplayingSubject<Int, Never>(replaying: 2)
    events.send(1)
    events.send(2)
    events.send(3)
    let feed = Feed()
    events.bind(to: feed) { feed, value in feed.received.append(value) }
    events.send(4)
    #expect(feed.received == [2, 3, 4])
  }

  @Test("every subscriber is replayed the latest values at the time it subscribes, then live ones")
  func eachSubscriberGetsItsReplay() {
    let subject = ReplayingSubject<Int, TestError>(replaying: 2)
    let first = RecordingSubscriber<Int, TestError>()
    subject.subscribe(first)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let second = RecordingSubscriber<Int, TestError>()
    subject.subscribe(second)
    subject.send(4)
    #expect(first.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
    #expect(second.events == [.subscription, .value(2), .value(3), .value(4)])
    first.cancel()
    second.cancel()
  }

  @Test("after a completion sends are ignored, and a new subscriber gets the kept values then the completion")
  func completionIsReplayed() {
    let subject = ReplayingSubject<Int, TestError>(replaying: 2)
    subject.send(1)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    subject.send(3)
    subject.send(completion: .finished)
    let late = RecordingSubscriber<Int, TestError>()
    subject.subscribe(late)
    #expect(late.events == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
  }

  @Test("replayed values wait for the subscriber's demand")
  func demandHonoured() {
    let subject = ReplayingSubject<Int, TestError>(replaying: 3)
    subject.send(1)
    subject.send(2)
    subject.send(3)
    let slow = RecordingSubscriber<Int, TestError>(initialDemand: .max(1))
    subject.subscribe(slow)
    let afterSubscribing = slow.events
    slow.request(.max(1))
    let afterOneMore = slow.events
    slow.request(.unlimited)
    subject.send(4)
    #expect(afterSubscribing == [.subscription, .value(1)])
    #expect(afterOneMore == [.subscription, .value(1), .value(2)])
    #expect(slow.events == [.subscription, .value(1), .value(2), .value(3), .value(4)])
    slow.cancel()
  }

  @Test("a replay count of zero keeps no value, but replays the completion")
  func zeroReplay() {
    let subject = ReplayingSubject<Int, TestError>(replaying: 0)
    subject.send(1)
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(2)
    subject.send(completion: .finished)
    let late = RecordingSubscriber<Int, TestError>()
    subject.subscribe(late)
    #expect(recorder.events == [.subscription, .value(2), .completion(.finished)])
    #expect(late.events == [.subscription, .completion(.finished)])
    #expect(subject.replayCount == 0)
  }

  @Test("as a subscriber, it keeps what an upstream publisher sends")
  func subscribesToUpstream() {
    let subject = ReplayingSubject<Int, Never>(replaying: 2)
    let token = [1, 2, 3].publisher.subscribe(subject)
    let recorder = RecordingSubscriber<Int, Never>()
    subject.subscribe(recorder)
    #expect(recorder.events == [.subscription, .value(2), .value(3), .completion(.finished)])
    token.cancel()
  }

  @Test("releasing the subject and its subscribers' tokens releases everything it kept")
  func releasesWhenDropped() {
    weak var weakSubject: ReplayingSubject<Int, Never>?
    do {
      let subject = ReplayingSubject<Int, Never>(replaying: 1)
      weakSubject = subject
      subject.send(1)
      let token = subject.sink { _ in }
      token.cancel()
    }
    #expect(weakSubject == nil)
  }

  @Test("a negative replay count traps")
  func negativeCountTraps() async {
    await #expect(processExitsWith: .failure) {
      _ = ReplayingSubject<Int, Never>(replaying: -1)
    }
  }

  @Test("sends from several threads while others subscribe: each subscriber sees no duplicate and no gap")
  func concurrentSendAndSubscribe() {
    let count = 2_000
    let subject = ReplayingSubject<Int, Never>(replaying: 3)
    let recorders = (0..<20).map { _ in RecordingSubscriber<Int, Never>() }
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      if index == 0 {
        for value in 0..<count { subject.send(value) }
        subject.send(completion: .finished)
      } else {
        for recorder in recorders {
          subject.subscribe(recorder)
          for _ in 0..<200 { _ = ProcessInfo.processInfo.processIdentifier }
        }
      }
    }
    let broken = recorders.filter { recorder in
      let values = recorder.values
      return values.isEmpty || values != Array((count - values.count)..<count) || recorder.completion == nil
    }
    #expect(broken.isEmpty, "\(broken.map(\.values.first))")
  }
}
