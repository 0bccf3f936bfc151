import FathomServer

await FathomServerCommand.start()
