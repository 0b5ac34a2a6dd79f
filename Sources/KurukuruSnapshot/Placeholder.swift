import Kurukuru
