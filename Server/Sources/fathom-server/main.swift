import FathomServer

await FathomServerCommand.main()
