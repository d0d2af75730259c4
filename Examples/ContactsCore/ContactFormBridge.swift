import Bindings

extension ContactsViewModel {
  // MARK: The form bridge

  /// Writes each edit of a form field into the contact the form shows (rule 5), each an undoable
  /// step. Called once, by the initialiser; the bindings end with the view model.
  func bindFormEdits() {
    form.$firstName ~> (self, { model, value in model.editFormContact(.firstName) { $0.firstName = value } })
    form.$lastName ~> (self, { model, value in model.editFormContact(.lastName) { $0.lastName = value } })
    form.$phone ~> (self, { model, value in model.editFormContact(.phone) { $0.phone = value } })
    form.$isFavorite ~> (self, { model, value in model.editFormContact(.isFavorite) { $0.isFavorite = value } })
    form.$rating ~> (self, { model, value in model.editFormContact(.rating) { $0.rating = value } })
    form.$email ~> (self, { model, value in model.editFormEmail(value) })
    form.$group ~> (self, { model, value in model.editFormGroup(value) })
  }

  /// Writes a valid email address (or none) from the form; an address that is not valid stays in
  /// the field, with the form's `emailError`, unwritten.
  private func editFormEmail(_ email: String) {
    guard EmailAddress.problem(with: email) == nil else { return }
    editFormContact(.email) { $0.email = email }
  }

  /// Writes the group chosen in the form; `nil` (a drop-down with nothing chosen) writes nothing.
  private func editFormGroup(_ group: Int?) {
    guard let group else { return }
    editFormContact(.group) { $0.group = group }
  }

  /// Edits the contact the form shows, if any, as an undoable step.
  private func editFormContact(_ field: ContactField, _ change: (inout Contact) -> Void) {
    guard let id = form.contactID else { return }
    search.keep(id)
    let edit = all.batchUpdate { contacts -> (before: Contact, after: Contact)? in
      guard let index = contacts.firstIndex(where: { $0.id == id }) else { return nil }
      let before = contacts[index]
      var after = before
      change(&after)
      after.rating = Contact.clampedRating(after.rating)
      after.group = Contact.clampedGroup(after.group)
      guard after != before else { return nil }
      contacts[index] = after
      return (before, after)
    }
    if let edit { history.record(.edited(before: edit.before, field: field)) }
  }
}
