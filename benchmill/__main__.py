from benchmill.cli import main

main()
