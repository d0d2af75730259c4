import BindingsTesting
import Testing

@testable import Bindings

/// The one lifecycle check every publisher and operator test calls.
///
/// Builds the publisher on a fresh subject, subscribes a recorder, sends a value, ends the
/// subscription (by cancel, by finishing, or by failing the upstream), drops every strong
/// reference, and expects the subject's record of the subscriber, the subscriber, the subscription
/// and the subject to be gone.
enum Ending: CaseIterable, Sendable {
  case cancel, finish, fail
}

func expectLifecycle<P: Publisher>(
  ending: Ending,
  send value: Int = 1,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSubject<Int, TestError>) -> P
) {
  weak var weakSubject: PassthroughSubject<Int, TestError>?
  weak var weakRecorder: RecordingSubscriber<P.Output, P.Failure>?
  weak var weakSubscription: AnyObject?
  do {
    let subject = PassthroughSubject<Int, TestError>()
    let recorder = RecordingSubscriber<P.Output, P.Failure>()
    weakSubject = subject
    weakRecorder = recorder
    build(subject).subscribe(recorder)
    weakSubscription = recorder.subscription.map { $0 as AnyObject }
    subject.send(value)
    switch ending {
    case .cancel: recorder.cancel()
    case .finish: subject.send(completion: .finished)
    case .fail: subject.send(completion: .failure(.oops))
    }
    #expect(subject.core.subscriberCount == 0, "the subject still holds a subscriber", sourceLocation: sourceLocation)
  }
  #expect(weakRecorder == nil, "the subscriber leaked", sourceLocation: sourceLocation)
  #expect(weakSubscription == nil, "the subscription leaked", sourceLocation: sourceLocation)
  #expect(weakSubject == nil, "the upstream subject leaked", sourceLocation: sourceLocation)
}

/// Runs ``expectLifecycle(ending:send:sourceLocation:_:)`` for every way a subscription can end.
func expectLifecycleForEveryEnding<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ build: (PassthroughSubject<Int, TestError>) -> P
) {
  for ending in Ending.allCases {
    expectLifecycle(ending: ending, sourceLocation: sourceLocation, build)
  }
}
