import BindingsTesting
import Foundation
import Testing

@testable import Bindings

/// Entry points under bad input, as the Misuse article lists them.
@Suite("Misuse", .releasesEveryObject)
struct MisuseTests {
  @Test("a subject ignores sends and completions after it completed")
  func subjectAfterCompletion() {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<Int, TestError>()
    subject.subscribe(recorder)
    subject.send(1)
    subject.send(completion: .finished)
    subject.send(2)
    subject.send(completion: .failure(.oops))
    #expect(recorder.events == [.subscription, .value(1), .completion(.finished)])
  }

  @Test("subscribing one sink to two subjects keeps the first and cancels the second")
  func oneSinkTwoSubjects() {
    let first = PassthroughSubject<Int, Never>()
    let second = PassthroughSubject<Int, Never>()
    let received = Counter()
    let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in received.increment() })
    first.subscribe(sink)
    second.subscribe(sink)
    second.send(9)
    first.send(1)
    #expect(received.value == 1)
    #expect(second.core.subscriberCount == 0)
    sink.cancel()
  }

  @Test("a sink ignores values and completions after its completion")
  func sinkAfterCompletion() {
    let probe = UpstreamProbe<Int, TestError>()
    let log = EventLog()
    let token = probe.sink(
      receiveCompletion: { log.append("\($0)") },
      receiveValue: { log.append("value(\($0))") })
    probe.send(1)
    probe.send(completion: .finished)
    probe.send(2)
    probe.send(completion: .failure(.oops))
    #expect(log.entries == ["value(1)", "finished"])
    token.cancel()
  }

  @Test("a token cancelled by a deinit inside its own delivery stops the stream without deadlock")
  func cancelFromDeinitInsideDelivery() {
    let subject = PassthroughSubject<Int, Never>()
    let log = EventLog()
    var holder: TokenHolder? = TokenHolder()
    let weakHolder = WeakBox(holder)
    holder!.token = subject.sink { [log] value in
      log.append("value(\(value))")
      // Dropping the last reference runs the holder's deinit, which cancels this very token.
      weakHolder.release()
    }
    weakHolder.adopt(holder.take()!)
    runOnThreads(1, name: "deinit cancel") { _ in
      subject.send(1)
      subject.send(2)
    }
    #expect(log.entries == ["value(1)"])
    #expect(subject.core.subscriberCount == 0)
    #expect(weakHolder.isGone)
  }

  @Test("request(.none) on a subject's subscription traps, as in Combine")
  func requestNoneTraps() async {
    await #expect(processExitsWith: .failure) {
      let subject = PassthroughSubject<Int, Never>()
      let recorder = RecordingSubscriber<Int, Never>(initialDemand: .none)
      subject.subscribe(recorder)
      recorder.subscription?.request(.none)
    }
  }
}

/// Holds a token; releasing the holder cancels it.
private final class TokenHolder: @unchecked Sendable {
  var token: AnyCancellable?
}

/// Holds the only strong reference to a ``TokenHolder`` and can drop it from any thread.
private final class WeakBox: @unchecked Sendable {
  private let lock = NSLock()
  private var strong: TokenHolder?
  private weak var weak: TokenHolder?

  init(_ holder: TokenHolder?) {
    weak = holder
  }

  func adopt(_ holder: TokenHolder) { lock.withLock { strong = holder } }

  func release() {
    let dropped = lock.withLock { strong.take() }
    _ = dropped
  }

  var isGone: Bool { lock.withLock { weak == nil } }
}

/// A thread-safe list of strings.
private final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [String] = []
  func append(_ entry: String) { lock.withLock { stored.append(entry) } }
  var entries: [String] { lock.withLock { stored } }
}
