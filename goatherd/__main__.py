from goatherd.cli import main

raise SystemExit(main())
