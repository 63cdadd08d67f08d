from linter.cli import main

raise SystemExit(main())
