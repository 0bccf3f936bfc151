import FathomCLI
FathomCommand.main()
