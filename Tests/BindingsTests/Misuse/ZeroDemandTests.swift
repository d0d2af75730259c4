import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// `request(.none)`, publisher by publisher, as Combine does it: the publishers below accept it (it
/// delivers nothing, or is passed on to the upstream unchanged); the others trap, as listed in the
/// Misuse article.
@Suite("request(.none) where Combine accepts it", .releasesEveryObject)
struct ZeroDemandTests {
  typealias Recorder = RecordingSubscriber<Int, TestError>

  @Test("a sequence delivers nothing for .none, then what is asked")
  func sequence() {
    let recorder = Recorder(initialDemand: .none)
    [1, 2, 3].publisher.setFailureType(to: TestError.self).subscribe(recorder)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(2))
    recorder.request(.none)
    #expect(recorder.events == [.subscription, .value(1), .value(2)])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1), .value(2), .value(3), .completion(.finished)])
  }

  @Test("a subscriber asking .none inside its subscription, then one value at a time, gets them all")
  func sequenceRecursion() {
    let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none) { _ in .max(1) }
    Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3]).subscribe(recorder)
    recorder.request(.none)
    recorder.request(.max(1))
    #expect(recorder.values == [1, 2, 3])
  }

  @Test("a record delivers nothing for .none, then what is asked")
  func record() {
    let recorder = Recorder(initialDemand: .none)
    Record<Int, TestError>(output: [1, 2], completion: .failure(.oops)).subscribe(recorder)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
    recorder.request(.unlimited)
    #expect(recorder.events == [.subscription, .value(1), .value(2), .completion(.failure(.oops))])
  }

  @Test("a buffer accepts .none and delivers nothing for it")
  func buffer() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = Recorder(initialDemand: .none)
    subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropOldest).subscribe(recorder)
    subject.send(1)
    recorder.request(.none)
    #expect(recorder.events == [.subscription])
    recorder.request(.max(1))
    #expect(recorder.events == [.subscription, .value(1)])
    recorder.cancel()
  }

  @Test("append passes .none on to the publisher it is subscribed to")
  func concatenate() {
    let first = ScriptedPublisher<Int, TestError>()
    let second = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .max(2))
    first.append(second).subscribe(recorder)
    recorder.request(.none)
    #expect(first.history == [.requested(.max(2)), .requested(.none)])
    first.send(completion: .finished)
    #expect(second.history == [.requested(.max(2))])
    recorder.cancel()
    first.detach()
    second.detach()
  }

  @Test("drop(untilOutputFrom:) keeps .none with the rest until its upstream arrives, and asks for the sum")
  func dropUntilOutput() {
    let upstream = ScriptedPublisher<Int, TestError>(handsOverSubscription: false)
    let recorder = Recorder(initialDemand: .max(10))
    upstream.drop(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(recorder)
    recorder.request(.max(4))
    recorder.request(.none)
    upstream.handOverSubscription()
    #expect(upstream.history == [.requested(.max(14))])
    recorder.cancel()
    upstream.detach()
  }

  @Test("prefix(untilOutputFrom:) passes .none on to its upstream")
  func prefixUntilOutput() {
    let upstream = ScriptedPublisher<Int, TestError>()
    let recorder = Recorder(initialDemand: .none)
    upstream.prefix(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(recorder)
    recorder.request(.none)
    #expect(upstream.history == [.requested(.none)])
    recorder.cancel()
    upstream.detach()
  }

  @Test("retry and output(in:) pass .none on to their upstream")
  func retryAndOutput() {
    let retried = ScriptedPublisher<Int, TestError>()
    let retrying = Recorder(initialDemand: .none)
    retried.retry(1).subscribe(retrying)
    retrying.request(.none)
    #expect(retried.history == [.requested(.none)])
    retrying.cancel()
    retried.detach()

    let ranged = ScriptedPublisher<Int, TestError>()
    let ranging = Recorder(initialDemand: .none)
    ranged.output(in: 0..<3).subscribe(ranging)
    ranging.request(.none)
    #expect(ranged.history == [.requested(.none)])
    ranging.cancel()
    ranged.detach()
  }

  @Test("a multicast or share subscribed to after its upstream finished accepts .none")
  func lateSubscriberOfMulticastAndShare() {
    let subject = PassthroughSubject<Int, TestError>()
    let multicast = subject.multicast { PassthroughSubject<Int, TestError>() }
    let share = subject.share()
    let early = Recorder()
    share.subscribe(early)
    let connection = multicast.connect()
    subject.send(completion: .finished)
    for publisher in [multicast.eraseToAnyPublisher(), share.eraseToAnyPublisher()] {
      let late = Recorder(initialDemand: .none)
      publisher.subscribe(late)
      late.request(.none)
      #expect(late.events == [.subscription, .completion(.finished)])
    }
    connection.cancel()
  }

  @Test("a notification center publisher accepts .none and delivers nothing for it")
  func notificationCenter() {
    let center = NotificationCenter()
    let name = Notification.Name("ZeroDemandTests")
    let recorder = RecordingSubscriber<Notification, Never>(initialDemand: .none)
    center.publisher(for: name).subscribe(recorder)
    recorder.request(.none)
    center.post(name: name, object: nil)
    #expect(recorder.values.isEmpty)
    recorder.request(.max(1))
    center.post(name: name, object: nil)
    #expect(recorder.values.count == 1)
    recorder.cancel()
  }
}

@Suite("request(.none) where Combine traps", .releasesEveryObject)
struct ZeroDemandTrapTests {
  @Test("AnyPublisher.producer traps on .none")
  func producer() async {
    await #expect(processExitsWith: .failure) {
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      AnyPublisher<Int, Never>.producer { _ in {} }.subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test("ReplayingSubject traps on .none")
  func replayingSubject() async {
    await #expect(processExitsWith: .failure) {
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      ReplayingSubject<Int, Never>(replaying: 1).subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test("Just traps on .none, as in Combine")
  func just() async {
    await #expect(processExitsWith: .failure) {
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      Just(1).subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test("catch traps on .none, as in Combine")
  func catchOperator() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      subject.catch { _ in Just(0) }.subscribe(recorder)
      recorder.request(.none)
    }
  }

  @Test("reduce traps on .none, as in Combine, rather than delivering its result without demand")
  func reduce() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
      subject.reduce(0, +).subscribe(recorder)
      subject.send(completion: .finished)
      recorder.request(.none)
    }
  }

  @Test("first() traps on .none, as in Combine")
  func first() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, TestError>()
      let recorder = RecordingSubscriber<Int, TestError>(initialDemand: .none)
      subject.first().subscribe(recorder)
      recorder.request(.none)
    }
  }
}
