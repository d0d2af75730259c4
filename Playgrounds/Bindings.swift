import Bindings

private final class Label: BindingOwner {
  let bindings = BindingBag()
  var text: String? {
    didSet { print("  label shows \"\(text ?? "")\"") }
  }
}

private final class ProfileViewModel {
  @Published var name = "Ada"
}

private final class TextField: BindingOwner {
  let bindings = BindingBag()
  @Published var text = ""
}

func tourBindings() {
  print("label.reactive.text <~ viewModel.$name: the label takes the current name at once.")
  let viewModel = ProfileViewModel()
  var label: Label? = Label()
  label!.reactive.text <~ viewModel.$name
  viewModel.name = "Grace"

  print("The label owns the binding. When the label goes, the binding goes with it.")
  weak let weakLabel = label
  label = nil
  viewModel.name = "Alan"
  print("  label deallocated: \(weakLabel == nil); \"Alan\" was delivered nowhere")

  print("Binding a new source to the same property replaces the old one (reused cells).")
  let cell = Label()
  let people = ["Ada", "Grace", "Alan"].map { name -> ProfileViewModel in
    let person = ProfileViewModel()
    person.name = name
    return person
  }
  for person in people { cell.reactive.text <~ person.$name }
  people[0].name = "stale"
  print("  the cell has \(cell.bindings.count) binding; the first person's change did not reach it")

  print("<~> keeps two values equal, in both directions, without echo.")
  let field = TextField()
  field.$text <~> viewModel.$name
  print("  field starts as \"\(field.text)\"")
  field.text = "Edsger"
  print("  after typing, the view model's name is \"\(viewModel.name)\"")

  print("~> sends values to an owner's method without retaining the owner.")
  field.$text ~> (cell, { cell, text in cell.text = text.uppercased() })
  field.text = "Barbara"
}
