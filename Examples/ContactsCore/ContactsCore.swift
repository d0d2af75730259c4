// The Contacts app's view models: see ContactsViewModel.swift.
