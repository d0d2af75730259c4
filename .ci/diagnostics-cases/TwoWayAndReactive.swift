// Compile-fail cases for <~> and the reactive namespace; checked by .ci/diagnostics.
import Bindings

final class Field: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
  let id = 0
}

final class Plain: ReactiveExtensionProvider {
  var text: String?
}

func mismatchedTwoWay(field: Field, amount: MutableProperty<Double>, count: MutableProperty<Int>) {
  field.$text <~> amount  // expect-error: the two sides of <~> hold different types: convert one side with .converted
  amount <~> count  // expect-error: the two sides of <~> hold different types
}

func notAnOwner(name: MutableProperty<String?>, plain: Plain, field: Field) {
  plain.reactive.text <~ name  // expect-error: reactive key-path targets need a writable property (var) of a BindingOwner
  plain.reactive.text ~> field.$text  // expect-error: adopt BindingOwner by adding `let bindings = BindingBag()`
  _ = plain.reactive.text.sink { _ in }  // expect-error: adopt BindingOwner
}
