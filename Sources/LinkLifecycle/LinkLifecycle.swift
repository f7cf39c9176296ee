// LinkLifecycle: the handling sequence and link lifecycle as a reference model.
