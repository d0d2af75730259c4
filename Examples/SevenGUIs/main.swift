print("SevenGUIs: the windows of the seven tasks are not built yet; see Examples/SevenGUIsCore for the view models")
