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
}
