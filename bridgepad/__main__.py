from bridgepad.cli import main

raise SystemExit(main())
