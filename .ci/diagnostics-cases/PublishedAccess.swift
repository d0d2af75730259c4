// Compile-fail cases for writing a `@Published private(set)` property through `$x` from outside its
// type; checked by .ci/diagnostics. Every binding into `$x` takes it `inout`, as Combine's
// `assign(to: &$x)` does, so it compiles only where the property's setter is visible.
import Bindings

final class SearchModel: BindingOwner {
  let bindings = BindingBag()
  @Published private(set) var results = ""
  @Published private(set) var count = 0

  // Inside the type, every form compiles.
  func bindInside(source: MutableProperty<String>, other: MutableProperty<String>) {
    $results <~ source
    source ~> $results
    $results <~> other
    other <~> $results
    source.bind(to: &$results)
    $results.bindTwoWay(with: other, initialValueFrom: .left)
  }
}

final class Field: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
}

func writeFromOutside(
  model: SearchModel, source: MutableProperty<String>, other: MutableProperty<String>, field: Field,
  subject: CurrentValueSubject<String, Never>
) {
  model.$results <~ source  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no binding
  source ~> model.$results  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no binding
  model.$results <~> other  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding
  other <~> model.$results  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding
  field.$text <~> model.$results  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding
  subject <~> model.$results  // expect-error: is not settable here (e.g. `private(set)`), so its `$` publisher takes no two-way binding
  source.bind(to: &model.$results)  // expect-error: cannot pass immutable value as inout argument: '$results' is immutable
  model.$results.bindTwoWay(with: other, initialValueFrom: .left)  // expect-error: cannot use mutating member on immutable value: '$results' is immutable
  other.bindTwoWay(with: &model.$results, initialValueFrom: .right)  // expect-error: cannot pass immutable value as inout argument: '$results' is immutable
  _ = model.$results.bindingEndpoint  // expect-error: cannot use mutating getter on immutable value: '$results' is immutable
  _ = model.$results.converted({ $0 }, back: { $0 })  // expect-error: cannot use mutating member on immutable value: '$results' is immutable
  source.bind(to: model.$results)  // expect-error: no exact matches in call to instance method 'bind'
}

func readFromOutside(model: SearchModel, label: MutableProperty<String>) {
  // Reading stays open: `$results` is a publisher and a binding source everywhere.
  label <~ model.$results
  model.$count.map { String($0) } ~> label
  _ = model.$results.sink { _ in }
}
