// Sendable conformances that say what they need; checked by .ci/diagnostics. Subjects, properties
// and observable collections are Sendable when the values they carry are.
import Bindings

final class Photo {  // a class with mutable state: not Sendable
  var title = ""
}

func requireSendable<T: Sendable>(_ value: T) {}

func sendableValues(
  numbers: MutableObservableArray<Int>, tags: MutableObservableSet<String>,
  scores: MutableObservableDictionary<String, Int>,
  sections: MutableObservableSectionedArray<String, Int>, names: PassthroughSubject<String, Never>,
  count: CurrentValueSubject<Int, Never>, name: MutableProperty<String>, derived: ObservableArray<Int>
) {
  requireSendable(numbers)
  requireSendable(tags)
  requireSendable(scores)
  requireSendable(sections)
  requireSendable(names)
  requireSendable(count)
  requireSendable(name)
  requireSendable(derived)
}

func nonSendableValues(
  photos: MutableObservableArray<Photo>, derived: ObservableArray<Photo>,
  sections: ObservableSectionedArray<String, Photo>,
  byName: MutableObservableDictionary<String, Photo>, subject: PassthroughSubject<Photo, Never>,
  current: CurrentValueSubject<Photo, Never>, property: MutableProperty<Photo>
) {
  requireSendable(photos)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(derived)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(sections)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(byName)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(subject)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(current)  // expect-error: does not conform to the 'Sendable' protocol
  requireSendable(property)  // expect-error: does not conform to the 'Sendable' protocol
}
