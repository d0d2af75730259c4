// Compile-fail cases for observing what one binds into; checked by .ci/diagnostics.
import Bindings
import Observation

final class Field: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
  var plainText = ""
}

@Observable
final class Model: BindingOwner {
  @ObservationIgnored let bindings = BindingBag()
  var text = ""
}

func observeATarget(field: Field, model: Model) {
  _ = field.reactive.text.sink { _ in }  // expect-error: for `@Published var text` that is `$text` (field.$text.sink
  _ = field.reactive.plainText.sink { _ in }  // expect-error: a reactive key-path target only writes
  _ = model.reactive.text.sink { _ in }  // expect-error: model.observe(\.text).sink
  _ = field.reactive.text.sink(receiveCompletion: { _ in }, receiveValue: { _ in })  // expect-error: that is `$text`
  _ = field.reactive.text.map { $0.count }  // expect-error: that is `$text`
  field.reactive.text.bind(to: field) { _, _ in }  // expect-error: that is `$text`
  field.reactive.text <~> field.$text  // expect-error: that is `$text`
  field.$text <~> field.reactive.text  // expect-error: that is `$text`
  field.reactive.text.bindTwoWay(with: field.$text, initialValueFrom: .left)  // expect-error: that is `$text`
  field.reactive.text ~> field.reactive.plainText  // expect-error: that is `$text`
}
