import BindingsTesting
import Testing

@testable import Bindings

/// How ``expectSourceLifetime(_:ending:sourceLocation:)`` ends the subscription.
enum SourceEnding: CaseIterable, Sendable {
  /// Requests unlimited values and lets the publisher complete.
  case complete
  /// Requests nothing and cancels.
  case cancel
}

/// The lifetime check for publishers that are a source rather than an operator on a subject.
///
/// Subscribes a recorder, ends the subscription (by letting the publisher complete, or by
/// cancelling), drops every strong reference, and expects the subscriber and the subscription to be
/// gone. The subscriber keeps its subscription to the end, as many subscribers do, so the two form a
/// cycle that only the subscription can break, by letting go of its subscriber once it has ended.
/// The shared ``Subscriptions/empty`` is not tracked: it lives forever by design.
func expectSourceLifetime<P: Publisher>(
  _ publisher: P,
  ending: SourceEnding,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  weak var weakRecorder: RecordingSubscriber<P.Output, P.Failure>?
  weak var weakSubscription: AnyObject?
  do {
    let recorder = RecordingSubscriber<P.Output, P.Failure>(initialDemand: ending == .cancel ? .none : .unlimited)
    weakRecorder = recorder
    let empty = Subscriptions.empty as AnyObject
    let kept = CapturedSubscription()
    publisher.subscribe(
      AnySubscriber<P.Output, P.Failure>(
        receiveSubscription: { subscription in
          let object = subscription as AnyObject
          if object !== empty { weakSubscription = object }
          kept.value = subscription
          recorder.receive(subscription: subscription)
        },
        receiveValue: { recorder.receive($0) },
        receiveCompletion: { recorder.receive(completion: $0) }
      )
    )
    if ending == .cancel { recorder.cancel() }
  }
  #expect(weakRecorder == nil, "the subscriber leaked", sourceLocation: sourceLocation)
  #expect(weakSubscription == nil, "the subscription leaked", sourceLocation: sourceLocation)
}

/// Runs ``expectSourceLifetime(_:ending:sourceLocation:)`` for both endings.
func expectSourceLifetimeForEveryEnding<P: Publisher>(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ makePublisher: () -> P
) {
  for ending in SourceEnding.allCases {
    expectSourceLifetime(makePublisher(), ending: ending, sourceLocation: sourceLocation)
  }
}

/// Lets a subscriber's own closure cancel it: the closure is made before the subscriber exists,
/// so it captures this box, and the test sets `target` afterwards. Holds the target weakly, so the
/// box does not keep it alive.
final class LateCanceller: @unchecked Sendable {
  weak var target: (any Cancellable & AnyObject)?

  func cancel() {
    target?.cancel()
  }
}

/// Keeps the subscription a subscriber received, after the subscriber itself has let go of it.
final class CapturedSubscription: @unchecked Sendable {
  var value: (any Subscription)?
}
