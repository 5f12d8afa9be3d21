// The directory domain as the routes and the app see it: import it from here, never from its other files.
